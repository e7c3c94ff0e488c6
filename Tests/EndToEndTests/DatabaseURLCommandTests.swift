import Foundation
import Testing

/// `roster-server serve --db postgres://…`: a PostgreSQL URL that is wrong or unreachable at
/// start is one clear line and a non-zero exit, with no password in it.
extension EndToEndTests {
    @Suite("roster-server --db postgres://")
    struct DatabaseURLCommandTests {
        @Test func aWrongOrUnreachableURLIsOneLineAndAFailure() throws {
            let home = try CommandRunner.temporaryDirectory("pg-url")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let cases = [
                ("postgres://roster:hunter2@127.0.0.1:1/roster", "cannot open the server database postgres://roster:***@127.0.0.1:1/roster"),
                ("postgres://127.0.0.1/roster", "names no user"),
                ("postgres://roster@127.0.0.1:1/", "names no database"),
            ]
            for (url, words) in cases {
                let refused = try runner.rosterServer(["serve", "--demo", "--db", url, "--port", "0"])
                #expect(refused.status != 0, "\(url)")
                let lines = refused.stderr.split(separator: "\n")
                #expect(lines.count == 1, "\(refused.stderr)")
                #expect(refused.stderr.contains(words), "\(refused.stderr)")
                #expect(!refused.stderr.contains("hunter2"))
                #expect(refused.stdout.isEmpty)
            }
            // The help steers the password out of the process's arguments.
            for command in [["serve"], ["admin", "users"]] {
                let help = try runner.rosterServer(command + ["--help"]).stdout
                #expect(help.contains("PGPASSWORD") && help.contains("sslmode=verify-full"), "\(command): \(help)")
            }
        }
    }
}
