import Foundation
import RosterWire

/// `local-userpass`: `username` (the email) and `password` against the stored scrypt hash. An
/// unknown email costs the same time and gets the same InvalidPassword as a wrong password.
package struct EmailPasswordProvider: Sendable {
    package let store: any EmailAccountStore

    package func authenticate(_ login: EmailPasswordLogin, app: ServedApp) async throws -> ProviderOutcome {
        let email = Self.normalize(login.username)
        guard let account = try await store.emailAccount(appId: app.id, email: email) else {
            try await app.hasher.spendVerificationTimeInBackground(login.password)
            throw ErrorResponse.invalidPassword()
        }
        guard try await app.hasher.verifyInBackground(login.password, against: account.passwordHash) else {
            throw ErrorResponse.invalidPassword()
        }
        guard account.confirmed else { throw ErrorResponse.authError("confirmation required: the email is not confirmed yet") }
        return .identity(providerId: account.id, profile: ["email": .string(account.email)])
    }

    /// Emails are matched case-insensitively and without surrounding spaces.
    package static func normalize(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    package init(store: any EmailAccountStore) {
        self.store = store
    }
}
