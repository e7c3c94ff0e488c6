import Foundation
import RosterCore

/// Performs the account form's requests with the app's email/password provider: what happened,
/// in words.
struct AccountFormEffects {
    let session: SessionAccess
    /// Where the server's messages can be read on this device, if anywhere.
    let outbox: (any MessageOutbox)?
    let now: @Sendable () -> Date

    /// The request's outcome in words; after a message is sent, that message too when it can be
    /// read here, so the form fills in its token.
    func perform(_ request: AccountRequest, sent: Effect) async throws -> [Action] {
        // The outbox keeps whole seconds.
        let started = now().addingTimeInterval(-1)
        let finished = Action.operationFinished(try await words(request), for: sent)
        let kind: AccountMessage.Kind? =
            switch request.task {
            case .sendReset: .reset
            case .resendConfirmation: .confirm
            case .resetPassword, .confirmEmail: nil
            }
        // No message is not a failure: the address may have no account (and is not told so).
        guard let kind, let outbox, let message = try? outbox.newest(kind, to: request.email, since: started) else { return [finished] }
        return [finished, .accountMessageRead(message, for: sent)]
    }

    private func words(_ request: AccountRequest) async throws -> String {
        let auth = session.app.emailPasswordAuth
        switch request.task {
        case .sendReset:
            try await auth.sendResetPasswordEmail(email: request.email)
            return "If \(request.email) has an account, a reset message is on its way"
        case .resetPassword:
            try await auth.resetPassword(to: request.password, token: request.token, tokenId: request.tokenId)
            return "Password changed; log in with the new one"
        case .confirmEmail:
            try await auth.confirmUser(token: request.token, tokenId: request.tokenId)
            return "Email confirmed; it can log in now"
        case .resendConfirmation:
            try await auth.resendConfirmationEmail(email: request.email)
            return "Confirmation message sent again to \(request.email)"
        }
    }
}
