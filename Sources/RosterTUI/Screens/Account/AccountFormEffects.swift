import RosterCore

/// Performs the account form's requests with the app's email/password provider: what happened,
/// in words.
struct AccountFormEffects {
    let session: SessionAccess

    func perform(_ request: AccountRequest, sent: Effect) async throws -> [Action] {
        [.operationFinished(try await words(request), for: sent)]
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
