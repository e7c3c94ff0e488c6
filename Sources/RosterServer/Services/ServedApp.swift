import RosterWire

/// An app the server serves, ready to use: its configuration with the parts built from it once.
struct ServedApp: Sendable {
    let config: AppConfig
    let hasher: PasswordHasher
    let customTokens: CustomTokenVerifier?

    var id: String { config.appId }

    init(config: AppConfig, randomBytes: @escaping @Sendable (Int) -> [UInt8]) async throws {
        self.config = config
        hasher = PasswordHasher(cost: config.passwordHashing, randomBytes: randomBytes)
        if let customToken = config.providers.customToken, customToken.enabled {
            customTokens = try await CustomTokenVerifier(config: customToken, appId: config.appId)
        } else {
            customTokens = nil
        }
    }
}
