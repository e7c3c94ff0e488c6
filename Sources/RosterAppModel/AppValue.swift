import RosterWire

/// A value of the app (`values/<name>.json`), read by functions through `context.values`:
/// plain JSON, or the value of a secret, named here and kept apart.
public struct AppValue: Codable, Sendable, Equatable {
    public enum Content: Codable, Sendable, Equatable {
        case plain(JSONValue)
        /// The value of the secret of this name.
        case secret(String)
    }

    public var name: String
    public var content: Content

    public init(name: String, content: Content) {
        self.name = name
        self.content = content
    }
}
