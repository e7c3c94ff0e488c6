import Foundation
import Logging
import RosterWire

extension LoginService {
    /// Runs the app's user creation function (`customUserData.onUserCreationFunctionName`) for
    /// `user`, just made with `identity`: as App Services runs it, as the system user, with the
    /// user as its argument, before the first access token is made so that the custom data it
    /// writes is in it. A function that throws, or runs past its limits, is logged and the
    /// log-in goes on, as App Services lets it.
    func runUserCreationFunction(app: ServedApp, user: UserRecord, identity: IdentityRecord) async {
        guard let functions, let data = app.config.customUserData, data.enabled, let name = data.onUserCreationFunctionName else { return }
        let request = FunctionRequest()
        let argument: JSONValue = [
            "id": .string(user.id), "type": .string(UserType(records: [identity]).rawValue),
            "data": .object((try? JSONValue(parsing: user.profile))?.objectValue ?? [:]),
            "custom_data": [:],
            "identities": [["id": .string(identity.providerId), "provider_type": .string(identity.providerType)]],
        ]
        do {
            _ = try await app.functions.run(for: .user(user.id)) {
                try await functions.runAsSystem(name, app: app, arguments: [argument], request: request)
            }
        } catch {
            request.logger.warning(
                "the user creation function failed",
                metadata: ["app": "\(app.id)", "function": "\(name)", "user": "\(user.id)", "why": "\(ErrorResponse.words(of: error))"])
        }
    }
}
