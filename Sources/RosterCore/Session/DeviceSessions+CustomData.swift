import RosterWire

extension DeviceSessions {
    /// Where the server keeps custom user data: asked once, then remembered.
    func customUserDataLocation() async throws -> CustomUserDataLocation {
        if let known = customDataLocation.withLock({ $0 }) { return known }
        let response = try await connection.expectSuccess(.json(.get, Route.customUserData(appId: appId)))
        let location = try ServerConnection.decode(CustomUserDataLocation.self, from: response, what: "custom user data location")
        customDataLocation.withLock { $0 = location }
        return location
    }
}
