import Foundation
import Testing

/// `roster delete`: an account deleted on the server for good, only when asked with `--yes`.
extension EndToEndTests {
    @Suite("roster delete end to end")
    struct DeleteCommandTests {
        // BEHAVIOURS 38
        @Test func deleteNeedsYesThenDeletesOnTheServer() throws {
            let home = try CommandRunner.temporaryDirectory("delete")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let database = home.appendingPathComponent("embedded/server.sqlite").path
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)

            let refused = try runner.roster(["delete", "joe"])
            #expect(refused.status == 1)
            #expect(refused.stderr == "roster: deleting the account of joe@example.com cannot be undone; run again with --yes\n")
            #expect(try runner.users().map(\.email) == ["joe@example.com"])

            let deleted = try runner.roster(["delete", "joe", "--yes"])
            #expect(deleted.status == 0, "delete: \(deleted.stderr)")
            #expect(deleted.stdout.contains("Deleted the account of joe@example.com."))
            #expect(try runner.users().isEmpty)
            let listed = try runner.rosterServer(["admin", "--db", database, "--demo", "users", "--json"])
            #expect(listed.status == 0)
            #expect(!listed.stdout.contains("joe@example.com"))
            // The same password no longer logs in: the account is gone.
            let again = try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n")
            #expect(again.status == 1)
            #expect(again.stderr == "roster: wrong email or password\n")

            let unknown = try runner.roster(["delete", "nobody", "--yes"])
            #expect(unknown.status == 1)
            #expect(unknown.stdout.isEmpty)
            #expect(unknown.stderr == "roster: no user 'nobody' on this device (see `roster users`)\n")
        }
    }
}
