import Foundation
import RosterWire
import Synchronization

/// Where the server keeps this app's custom user data: asked once, then remembered for the
/// life of the `App`.
///
///     let location = try await customUserData.location()
final class CustomUserDataLocator: SessionCollaborator {
    let environment: SessionEnvironment
    private let known = Mutex<CustomUserDataLocation?>(nil)

    init(environment: SessionEnvironment) {
        self.environment = environment
    }

    func location() async throws -> CustomUserDataLocation {
        if let known = known.withLock({ $0 }) { return known }
        let response = try await connection.expectSuccess(.json(.get, Route.customUserData(appId: appId)))
        let location = try ServerConnection.decode(CustomUserDataLocation.self, from: response, what: "custom user data location")
        known.withLock { $0 = location }
        return location
    }
}
