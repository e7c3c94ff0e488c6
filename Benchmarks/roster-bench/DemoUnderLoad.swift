import Foundation
import RosterServer
import RosterServerAssembly
import RosterServerCore

/// What the benchmarks of log-ins under abuse start from: the demo app (its users seeded, Joe
/// among them) and `users` more email users, in a fresh database under `directory`, served by a
/// real `roster-server` on loopback; and the second client that logs those users in, in turn.
struct DemoUnderLoad {
    let config: AppConfig
    let server: LoopbackServer
    let secondClient: PairedLogIns

    static let password = "second-client-password"

    static func start(executable: URL, users: Int, in directory: URL) async throws -> DemoUnderLoad {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = try AppConfig.demo()
        let database = directory.appendingPathComponent("server.sqlite").path
        let setup = try await ServerAssembly.open(databasePath: database, apps: [config])
        try await setup.seedDemoUsers(appId: config.appId)
        let emails = (0..<users).map { "user\($0)@example.com" }
        for email in emails { _ = try await setup.admin.createEmailUser(appId: config.appId, email: email, password: password) }
        let server = try LoopbackServer.start(executable: executable, arguments: ["serve", "--db", database, "--demo"])
        let secondClient = PairedLogIns(
            base: server.baseURL, appId: config.appId, hashing: config.passwordHashing, emails: emails, password: password)
        return DemoUnderLoad(config: config, server: server, secondClient: secondClient)
    }
}
