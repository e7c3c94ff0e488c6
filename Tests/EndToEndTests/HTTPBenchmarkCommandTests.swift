import Foundation
import Testing

/// `roster benchmark-http` fills a store, starts a real roster-server and runs wrk against every
/// hot route; every request is answered 2xx; bad options and a missing wrk are said in words.
extension EndToEndTests {
    @Suite("roster benchmark-http end to end")
    struct HTTPBenchmarkCommandTests {
        @Test func aShortRunLoadsEveryRouteAndEveryAnswerIsASuccess() throws {
            let home = try CommandRunner.temporaryDirectory("http-benchmark")
            defer { try? FileManager.default.removeItem(at: home) }
            let run = try CommandRunner(home: home).roster(["benchmark-http", "--users", "200", "--seconds", "1", "--connections", "4"])
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("Roster HTTP benchmark: SQLite, 200 users, 1 s a route") == true, "\(run.stdout)")
            for route in ["location (the ceiling)", "refresh", "profile", "anonymous log-in", "API-key log-in", "email/password log-in"] {
                let row = try #require(lines.first { $0.hasPrefix("  " + route + " ") }, "\(route) missing from \(run.stdout)")
                let figures = row.dropFirst(2 + route.count).split(separator: " ").compactMap { Double($0) }
                #expect(figures.count == 5, "\(row)")
                #expect((figures.dropFirst().first ?? 0) > 0, "no requests answered for \(route): \(row)")
                #expect(figures.last == 0, "answers other than 2xx for \(route): \(row)")
            }
            #expect(lines.contains("    answers other than 2xx, and socket errors: 0"), "\(run.stdout)")
            #expect(lines.contains { $0.hasPrefix("    refresh at ") && $0.contains("of the ceiling") })
            #expect(lines.contains { $0.hasPrefix("    email/password log-in ") && $0.contains("against the hash alone") })
        }

        @Test func badOptionsAndAMissingWrkAreSaidInWords() throws {
            let home = try CommandRunner.temporaryDirectory("http-benchmark-options")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let users = try runner.roster(["benchmark-http", "--users", "0"])
            #expect(users.status == 2 && users.stderr.contains("--users must be between 1 and 10000000"), "\(users.stderr)")
            let db = try runner.roster(["benchmark-http", "--db", "mysql://localhost/roster"])
            #expect(db.status == 2 && db.stderr.contains("--db takes a postgres:// URL"), "\(db.stderr)")
            // No wrk on the PATH: the store is filled and the server started, then one clear line.
            let empty = home.appendingPathComponent("empty-bin")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            let noWrk = try CommandRunner(home: home, extra: ["PATH": empty.path]).roster(["benchmark-http", "--users", "10", "--seconds", "1"])
            #expect(noWrk.status == 1 && noWrk.stderr.contains("wrk is not installed (Debian: apt-get install wrk)"), "\(noWrk.stderr)")
        }
    }
}
