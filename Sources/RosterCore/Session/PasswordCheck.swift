import Foundation
import Logging
import RosterWire

/// Asks the server whether an email user's password is still theirs, under the `password`
/// policy: by logging in again and ending the session that log-in made at once, since only the
/// answer is wanted. The session on the device stays the one it has.
struct PasswordCheck: SessionCollaborator {
    /// What the server said of a password.
    enum Verdict {
        case accepted
        case refused
        /// No answer: the seal on the device is all there is to check against.
        case unreachable
    }

    let environment: SessionEnvironment
    let revocations: Revocations

    func check(email: String, password: String) async throws -> Verdict {
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
                let problem = await revocations.revoke(refreshToken: login.refreshToken)
            {
                logger.notice("the session of a password check was not ended", metadata: ["why": "\(problem)"])
            }
            return .accepted
        }
        let refusal = ServerConnection.error(from: response)
        if refusal.serverCode == .invalidPassword { return .refused }
        if Revocations.isWorthRetrying(refusal) { return .unreachable }
        throw refusal
    }
}
