import Foundation
import RosterWire

extension DeviceSessions {
    /// What the server said of a password, under the `password` policy.
    enum PasswordCheck {
        case accepted
        case refused
        /// No answer: the seal on the device is all there is to check against.
        case unreachable
    }

    /// Checks an email user's password by logging in again, and ends the session that log-in
    /// made at once: only the answer is wanted. The session on the device stays the one it has.
    func checkPasswordWithServer(email: String, password: String) async throws -> PasswordCheck {
        let credentials = Credentials.emailPassword(email: email, password: password)
        let body = try WireCoding.encode(credentials.loginBody(device: .thisDevice(appId: appId, deviceId: try? store.knownDeviceId())))
        let response: WireResponse
        do {
            response = try await connection.send(.json(.post, Route.login(appId: appId, provider: .emailPassword), body: body))
        } catch RosterError.network {
            return .unreachable
        }
        if response.isSuccess {
            if let login = try? ServerConnection.decode(LoginResponse.self, from: response, what: "log-in"),
                let problem = await revoke(refreshToken: login.refreshToken)
            {
                logger.notice("the session of a password check was not ended", metadata: ["why": "\(problem)"])
            }
            return .accepted
        }
        let refusal = ServerConnection.error(from: response)
        if refusal.serverCode == .invalidPassword { return .refused }
        if Self.isWorthRetrying(refusal) { return .unreachable }
        throw refusal
    }
}
