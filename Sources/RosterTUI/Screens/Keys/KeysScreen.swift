/// The API keys of one logged-in user: the list (nil until the server answers), the selection,
/// and at most one of: a name being typed for a new key, a delete waiting for its yes, or a
/// key just made, shown this once.
public struct KeysScreen: Sendable, Equatable {
    public var owner: UserTarget
    public var keys: [APIKeyRow]?
    public var selection: Int
    /// The name typed for a new key, while naming.
    public var naming: LineEditor?
    /// A delete of the selected key waits for its answer, in a dialog (Keep first).
    public var deleting: Dialog?
    /// A key just made: its secret is on screen until the next key press, then forgotten.
    public var created: CreatedKey?

    public static let maxNameLength = 64

    public init(owner: UserTarget) {
        self.owner = owner
        keys = nil
        selection = 0
        naming = nil
        deleting = nil
        created = nil
    }

    public var selectedKey: APIKeyRow? {
        guard let keys, keys.indices.contains(selection) else { return nil }
        return keys[selection]
    }
}

/// One API key as the keys screen lists it (never its secret: the server keeps only a hash).
public struct APIKeyRow: Sendable, Equatable {
    public var id: String
    public var name: String
    public var disabled: Bool

    public init(id: String, name: String, disabled: Bool) {
        self.id = id
        self.name = name
        self.disabled = disabled
    }
}

/// A key the server just made. Its description hides the secret, so logs and test failures
/// never show it.
public struct CreatedKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public var name: String
    public var secret: String

    public init(name: String, secret: String) {
        self.name = name
        self.secret = secret
    }

    public var description: String { "CreatedKey(\(name))" }
    public var debugDescription: String { description }
}
