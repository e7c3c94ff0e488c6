/// A secret of the app as the Admin API lists it: its name and id. Its value is never held in
/// the model: whatever stores the app keeps the values apart, so a model written out holds none.
public struct AppSecret: Codable, Sendable, Equatable {
    public var id: String?
    public var name: String

    public init(name: String, id: String? = nil) {
        self.id = id
        self.name = name
    }
}
