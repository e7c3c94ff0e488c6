import RosterWire

/// The email/password provider's account routes: register, confirm, reset.
///
///     try await app.emailPasswordAuth.registerUser(email: "ann@example.com", password: "s3cret-pass")
public struct EmailPasswordClient: Sendable {
    let connection: ServerConnection
    let appId: String

    public func registerUser(email: String, password: String) async throws {
        try await post(.register, RegisterRequest(email: email, password: password))
    }

    public func confirmUser(token: String, tokenId: String) async throws {
        try await post(.confirm, ConfirmRequest(token: token, tokenId: tokenId))
    }

    public func resendConfirmationEmail(email: String) async throws {
        try await post(.confirmSend, EmailRequest(email: email))
    }

    public func retryCustomConfirmation(email: String) async throws {
        try await post(.confirmCall, EmailRequest(email: email))
    }

    public func sendResetPasswordEmail(email: String) async throws {
        try await post(.resetSend, EmailRequest(email: email))
    }

    public func resetPassword(to password: String, token: String, tokenId: String) async throws {
        try await post(.reset, ResetPasswordRequest(password: password, token: token, tokenId: tokenId))
    }

    public func callResetPasswordFunction(email: String, password: String, arguments: [JSONValue] = []) async throws {
        try await post(.resetCall, ResetCallRequest(email: email, password: password, arguments: arguments))
    }

    private func post(_ route: Route.EmailPassword, _ body: some Encodable) async throws {
        let data = try WireCoding.encode(body)
        _ = try await connection.expectSuccess(.json(.post, Route.emailPassword(appId: appId, route), body: data))
    }
}
