import Foundation
import Testing

/// `roster-server export --db`: the apps a database holds are looked up without starting a
/// server; a database that is not there is refused, and none is made.
extension EndToEndTests {
    @Suite("roster-server export --db")
    struct ExportCommandTests {
        @Test func aMissingDatabaseOrAppIsOneLineAndAFailure() throws {
            let home = try CommandRunner.temporaryDirectory("export-db")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let db = home.appendingPathComponent("server.sqlite").path
            let to = home.appendingPathComponent("out").path

            let missing = try runner.rosterServer(["export", "--db", db, "--app", "kiosk-abcde", "--to", to])
            #expect(missing.status == 1 && missing.stderr.contains("no database at \(db)"), "\(missing.stderr)")
            #expect(!FileManager.default.fileExists(atPath: db) && !FileManager.default.fileExists(atPath: to))

            #expect(try runner.rosterServer(["admin", "list-operators", "--db", db]).status == 0)
            let none = try runner.rosterServer(["export", "--db", db, "--app", "kiosk-abcde", "--to", to])
            #expect(none.status == 1 && none.stderr.contains("no app kiosk-abcde among those given (none)"), "\(none.stderr)")
            #expect(!FileManager.default.fileExists(atPath: to))
            let usage = try runner.rosterServer(["export", "--app", "kiosk-abcde", "--to", to])
            #expect(usage.status == 2 && usage.stderr.contains("--db"), "\(usage.stderr)")
        }
    }
}
