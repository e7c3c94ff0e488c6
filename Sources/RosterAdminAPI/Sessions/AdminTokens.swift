import Foundation
import RosterServerCore
import RosterWire

/// The Admin API's tokens: signed with a secret of their own, never the apps' client token
/// secret, so an app's client token is refused on every admin route and an admin token on every
/// client route. The secret is read from the store (made once, shared by every server process)
/// on first use.
final class AdminTokens: Sendable {
    static let secretName = "admin-token-signing-hs256"
    private let service: Task<TokenService, any Error>

    init(store: any SigningKeyStore, randomBytes: @escaping @Sendable (Int) -> [UInt8], now: @escaping @Sendable () -> Date) {
        service = Task {
            let secret = try await store.signingSecret(name: Self.secretName, ifAbsent: randomBytes(TokenService.secretBytes))
            return await TokenService(secret: secret, now: now)
        }
    }

    var tokens: TokenService {
        get async throws { try await service.value }
    }
}
