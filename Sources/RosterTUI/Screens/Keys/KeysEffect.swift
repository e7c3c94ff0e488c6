/// What the API keys screen asks of the server, for the keys of one owner.
public enum KeysEffect: Sendable, Equatable {
    /// Read the owner's API keys from the server.
    case load(owner: String)
    case create(owner: String, name: String)
    case setEnabled(owner: String, keyId: String, enabled: Bool)
    case delete(owner: String, keyId: String)
}
