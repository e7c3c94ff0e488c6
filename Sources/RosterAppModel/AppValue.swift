import RosterWire

/// A value of the app (`values/<name>.json`), read by functions through `context.values`:
/// plain JSON, or the value of a secret, named here and kept apart.
public struct AppValue: Codable, Sendable, Equatable {
    public enum Content: Codable, Sendable, Equatable {
        case plain(JSONValue)
        /// The value of the secret of this name.
        case secret(String)
    }

    /// The id the Admin API names it by (24 hex digits), when it was given one.
    public var id: String?
    public var name: String
    public var content: Content
    /// Whether the value stays out of what clients may read (rule expressions and the like).
    public var isPrivate: Bool

    public init(name: String, content: Content, isPrivate: Bool = false, id: String? = nil) {
        self.id = id
        self.isPrivate = isPrivate
        self.name = name
        self.content = content
    }
}
