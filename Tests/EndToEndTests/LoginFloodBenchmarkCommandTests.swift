import Foundation
import Testing

/// `roster-bench login-flood` starts a real roster-server, floods one account and reports
/// what the flood cost; bad options are refused in words.
extension EndToEndTests {
    @Suite("roster-bench login-flood end to end")
    struct LoginFloodBenchmarkCommandTests {
        @Test func aShortFloodReportsEveryFigureAndChecksNoMoreGuessesThanTheLimitsAllow() throws {
            let home = try CommandRunner.temporaryDirectory("login-flood")
            defer { try? FileManager.default.removeItem(at: home) }
            let run = try CommandRunner(home: home).rosterBench(["login-flood", "--connections", "8", "--seconds", "2", "--users", "2"])
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("Roster login-flood benchmark: 8 connections x 2 s of wrong passwords for joe@example.com") == true)
            let kdf = try #require(lines.first { $0.contains("KDF cost (scrypt 2^15, r 8, p 3)") }, "\(run.stdout)")
            let logIns = try #require(lines.first { $0.hasPrefix("  second client's log-ins") }, "\(run.stdout)")
            // One hash alone just before each log-in during the flood: as many hashes as log-ins.
            let runs = { (line: String) in line.split(separator: "(").last.map { String($0) } }
            #expect(runs(kdf) != nil && runs(kdf) == runs(logIns), "\(kdf) against \(logIns)")
            for label in ["just before each of the second client's log-ins", "each beyond the hash just before it:", "p99 under KDF + 50 ms", "flood answers", "server memory"] {
                #expect(lines.contains { $0.contains(label) }, "\(label) missing from \(run.stdout)")
            }
            // Two budgets: the hash's median and, beside it, the hash's own p99, each plus 50 ms.
            let kdfFigures = kdf.split(separator: ")").last.map { $0.split(separator: " ").compactMap { Double($0) } } ?? []
            let tailBudget = try #require(lines.first { $0.contains("p99 under the KDF's own p99 + 50 ms = ") }, "\(run.stdout)")
            let tailFigure = tailBudget.split(separator: "=").last?.split(separator: " ").first.flatMap { Double($0) }
            #expect(kdfFigures.count >= 2 && tailFigure.map { abs($0 - (kdfFigures[1] + 50)) < 0.06 } == true, "\(kdf) against \(tailBudget)")
            // Five free failures, then one more after a second's wait: six in two seconds at most.
            let checked = try #require(lines.first { $0.contains("wrong passwords checked") })
            #expect(checked.hasSuffix("the limits allow 6 in 2 s: met"), "\(checked)")
        }

        @Test func badOptionsAreRefusedInWords() throws {
            let home = try CommandRunner.temporaryDirectory("login-flood-options")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let none = try runner.rosterBench(["login-flood", "--connections", "0"])
            #expect(none.status == 2 && none.stderr.contains("--connections must be between 1 and 1024"), "\(none.stderr)")
            let missing = try runner.rosterBench(["login-flood", "--server", home.appendingPathComponent("nothing").path])
            #expect(missing.status == 1 && missing.stderr.contains("no roster-server at"), "\(missing.stderr)")
        }
    }
}
