import Foundation
import Testing

/// `roster users --format` and `roster events` answer from the device's store alone, as
/// `whoami --short` does: the embedded server is not started for them.
extension EndToEndTests {
    @Suite("users --format and events read the device alone")
    struct DeviceOnlyCommandsTests {
        @Test func theyAnswerWhileTheEmbeddedServersStoreCannotBeOpened() throws {
            let home = try CommandRunner.temporaryDirectory("device-only")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let login = try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n")
            #expect(login.status == 0, "\(login.stderr)")
            // The embedded server's store spoiled: a command that starts the server fails on it.
            let database = home.appendingPathComponent("embedded/server.sqlite")
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database.path + suffix) }
            try Data("not a database".utf8).write(to: database)
            #expect(try runner.roster(["token", "joe"]).status != 0, "the server started on a spoiled store")

            let listed = try runner.roster(["users", "--format", "{name}"])
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(listed.stdout == "joe@example.com\n")

            let events = try EventsCommandTests.Watching(["--since", "1h"], runner: runner, guardSeconds: 60)
            let lines = events.lines(1)
            #expect(lines.first?.contains("logged-in joe@example.com") == true, "\(lines)")
            #expect(events.interrupt() == 0)
        }
    }
}
