import Foundation
import Testing

/// A `roster` killed with SIGKILL while it writes leaves a store that reads, with each write whole.
extension EndToEndTests {
    @Suite("crash during writes")
    struct CrashDuringWritesTests {
        // BEHAVIOURS 41
        @Test func killNineMidWriteLeavesEveryUserWhole() throws {
            let home = try CommandRunner.temporaryDirectory("crash")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            // `roster-bench switcher` logs users in one after another (each a server write and a device
            // write, a quarter of them logged out again): kill it somewhere in that stream.
            let writer = try ChildProcess(
                path: CommandRunner.rosterBenchPath(),
                ["switcher", "--users", "100000", "--home", home.path, "--startups", "1"], environment: runner.environment)
            let devices = home.appendingPathComponent("devices/embedded/roster-demo/users")
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline, ((try? FileManager.default.contentsOfDirectory(atPath: devices.path))?.count ?? 0) < 40 {
                Thread.sleep(forTimeInterval: 0.05)
            }
            writer.signal(SIGKILL)
            #expect(writer.wait() == 128 + SIGKILL)

            // Both stores open and read; every user is whole: an id, a provider, a state.
            let listed = try runner.roster(["users", "--json"])
            #expect(listed.status == 0, "users after the crash: \(listed.stderr)")
            let users = try listed.users()
            #expect(users.count >= 40)
            for user in users {
                #expect(user.providers == ["custom-token"] && ["loggedIn", "loggedOut"].contains(user.state), "\(user)")
                #expect(user.name?.isEmpty == false)
            }
            // And they go on working: a new log-in and a log-out write as before.
            #expect(try runner.roster(["login", "--anonymous"]).status == 0)
            #expect(try runner.roster(["logout"]).status == 0)
            let admin = try runner.rosterServer(["admin", "--db", home.appendingPathComponent("embedded/server.sqlite").path, "--demo", "users", "--json"])
            #expect(admin.status == 0, "server store after the crash: \(admin.stderr)")
        }
    }
}
