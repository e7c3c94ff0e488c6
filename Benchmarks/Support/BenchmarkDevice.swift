import Foundation
import RosterCore
import RosterEmbedded
import RosterWire

/// Fills the embedded device with users through the real log-in path: each is a custom-JWT
/// user the embedded server mints a token for, some with names outside ASCII. Shared by
/// `roster-bench switcher` and the in-process switcher benchmarks.
public enum BenchmarkDevice {
    public static let names = ["Zoë Müller", "张伟", "😀 Sunny", "Ana Lucía", "Søren", "Ola Nordmann"]

    public static func fill(_ embedded: EmbeddedDefault, users wanted: Int) async throws -> (seconds: Double, added: Int) {
        let present = try embedded.app.userSnapshots().count
        guard present < wanted else { return (0, 0) }
        let start = Date()
        for index in present..<wanted {
            let name = "\(names[index % names.count]) \(index)"
            var claims: JSONObject = ["name": .string(name)]
            if index % 3 == 0 { claims["email"] = .string("user\(index)@example.com") }
            let token = try await embedded.server.admin.mintCustomJWT(
                appId: embedded.config.appId, subject: "benchmark-\(index)", claims: claims, lifetime: 600)
            let user = try await embedded.app.login(credentials: .jwt(token))
            // A quarter of them logged out, so every state is on screen.
            if index % 4 == 1 { _ = try await user.logOut() }
        }
        return (Date().timeIntervalSince(start), wanted - present)
    }
}
