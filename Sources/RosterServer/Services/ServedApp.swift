import Foundation
import RosterWire

/// An app the server serves, ready to use: its configuration with the parts built from it once.
struct ServedApp: Sendable {
    let config: AppConfig
    let hasher: PasswordHasher
    let customTokens: CustomTokenVerifier?
    /// Where confirmation and reset messages go.
    let outbox: any Outbox

    var id: String { config.appId }

    init(config: AppConfig, randomBytes: @escaping @Sendable (Int) -> [UInt8], defaultOutbox: URL) async throws {
        self.config = config
        hasher = PasswordHasher(cost: config.passwordHashing, randomBytes: randomBytes)
        if let command = config.outbox?.command {
            outbox = CommandOutbox(function: CommandFunction(config: command))
        } else {
            outbox = DirectoryOutbox(directory: config.outbox?.directory.map { URL(fileURLWithPath: $0) } ?? defaultOutbox)
        }
        if let customToken = config.providers.customToken, customToken.enabled {
            customTokens = try await CustomTokenVerifier(config: customToken, appId: config.appId)
        } else {
            customTokens = nil
        }
    }
}
