/// The user a screen acts on (the one a log-in is linked to, the owner of API keys), with the
/// name to show, which stays put while the list reloads.
public struct UserTarget: Sendable, Equatable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
