import ArgumentParser
import Foundation
import RosterServer
import RosterServerAssembly
import RosterServerCore
import RosterWire

/// `admin mint-jwt`: prints a custom-token JWT the app accepts, as its identity system would.
struct MintJWTCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mint-jwt", abstract: "Print a custom-token JWT for the app.")

    @ParentCommand var admin: AdminCommand

    @Option(help: "The external user id (sub).") var sub: String
    @Option(help: "The name claim.") var name: String?
    @Option(help: "The email claim.") var email: String?
    @Option(help: "Lifetime in seconds.") var ttl: Int = 3600

    func validate() throws {
        guard !sub.isEmpty else { throw ValidationError("--sub must not be empty") }
        guard ttl > 0 else { throw ValidationError("--ttl must be positive") }
    }

    func run() async throws {
        let (admin, appId) = try await admin.open()
        var claims: JSONObject = [:]
        if let name { claims["name"] = .string(name) }
        if let email { claims["email"] = .string(email) }
        do {
            let token = try await admin.mintCustomJWT(appId: appId, subject: sub, claims: claims, lifetime: TimeInterval(ttl))
            try await admin.recordAdminAction(appId: appId, "mint-jwt \(sub)")
            print(token)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
