import Foundation
import RosterWire

/// The email/password account routes: registration (confirmed at once when the app's
/// `autoConfirm` is on) and the confirmation and reset flows, which need a mail sender Roster
/// does not have yet and so answer as a server with no pending tokens would.
struct EmailPasswordService: Sendable {
    let store: any ServerStore
    let ids: IdentifierSource
    let now: @Sendable () -> Date

    func register(app: ServedApp, body: Data) async throws {
        let request = try WireBody.decode(RegisterRequest.self, from: body)
        let email = EmailPasswordProvider.normalize(request.email)
        guard Self.looksLikeEmail(email) else { throw ErrorResponse.badRequest("'\(email)' is not an email address") }
        guard (6...128).contains(request.password.count) else {
            throw ErrorResponse.badRequest("password must be between 6 and 128 characters")
        }
        let account = EmailAccountRecord(
            id: ids.objectId(), appId: app.id, email: email, passwordHash: try await app.hasher.hashInBackground(request.password),
            confirmed: app.config.providers.emailPassword?.autoConfirm ?? false,
            createdAt: Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down)))
        guard try await store.insertEmailAccount(account) else {
            throw ErrorResponse(.accountNameInUse, "name already in use")
        }
    }

    /// confirm/send and confirm/call.
    func resendConfirmation(app: ServedApp, body: Data) async throws {
        let request = try WireBody.decode(EmailRequest.self, from: body)
        guard let account = try await store.emailAccount(appId: app.id, email: EmailPasswordProvider.normalize(request.email))
        else { throw ErrorResponse(.userNotFound, "user not found") }
        guard !account.confirmed else { throw ErrorResponse(.userAlreadyConfirmed, "already confirmed") }
    }

    /// confirm: no confirmation tokens are ever issued, so none is valid.
    func confirm(body: Data) throws {
        _ = try WireBody.decode(ConfirmRequest.self, from: body)
        throw ErrorResponse(.userpassTokenInvalid, "invalid token data")
    }

    /// reset/send: the same answer whether or not the email exists.
    func sendReset(body: Data) throws {
        _ = try WireBody.decode(EmailRequest.self, from: body)
    }

    /// reset: no reset tokens are ever issued, so none is valid.
    func reset(body: Data) throws {
        _ = try WireBody.decode(ResetPasswordRequest.self, from: body)
        throw ErrorResponse(.userpassTokenInvalid, "invalid token data")
    }

    /// reset/call: there is no reset function.
    func callReset(body: Data) throws {
        _ = try WireBody.decode(ResetCallRequest.self, from: body)
        throw ErrorResponse(.functionNotFound, "this app has no password reset function")
    }

    static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(" ") && text.count <= 254
    }
}
