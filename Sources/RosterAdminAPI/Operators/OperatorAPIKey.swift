/// A new operator API key: the public part names it, the private part is shown once and kept
/// only as its digest. The deployment tools log in with both (`mongodb-cloud` log-in:
/// `username` is the public key, `apiKey` the private one).
public struct OperatorAPIKey: Sendable, Equatable {
    public var publicKey: String
    public var privateKey: String
}
