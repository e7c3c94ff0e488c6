import Foundation
import Testing

/// `roster-bench accounts` times known against unknown emails on the embedded server and a
/// refused log-in against its hold, and says of each whether its target is met; bad options are
/// refused in words. (Its figures are judged in docs/BENCHMARKS.md, never here.)
extension EndToEndTests {
    @Suite("roster-bench accounts end to end")
    struct AccountsBenchmarkCommandTests {
        @Test func aShortRunReportsEachComparisonWithItsTarget() throws {
            let home = try CommandRunner.temporaryDirectory("accounts-bench")
            defer { try? FileManager.default.removeItem(at: home) }
            let run = try CommandRunner(home: home).rosterBench(["accounts", "--rounds", "2"])
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("Roster accounts benchmark: known and unknown emails, 2 rounds") == true, "\(run.stdout)")
            for label in ["  log-in, wrong password", "  reset/send"] {
                let at = try #require(lines.firstIndex(of: label), "\(label) missing from \(run.stdout)")
                #expect(lines[at + 1].hasPrefix("    known email") && lines[at + 1].hasSuffix("(2 runs)"), "\(lines[at + 1])")
                #expect(lines[at + 2].hasPrefix("    unknown email") && lines[at + 2].hasSuffix("(2 runs)"), "\(lines[at + 2])")
                let verdict = lines[at + 3]
                #expect(verdict.contains("unknown over known: ") && verdict.contains("target 0.90 to 1.10: "), "\(verdict)")
                #expect(verdict.hasSuffix(": met") || verdict.hasSuffix(": MISSED"), "\(verdict)")
            }
            let hold = try #require(lines.first { $0.hasPrefix("    over its hold of 300 ms: ") }, "\(run.stdout)")
            #expect(hold.contains("target at least 1: "), "\(hold)")
        }

        @Test func badOptionsAreRefusedInWords() throws {
            let home = try CommandRunner.temporaryDirectory("accounts-bench-options")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            for rounds in ["0", "501"] {
                let refused = try runner.rosterBench(["accounts", "--rounds", rounds])
                #expect(refused.status == 2 && refused.stderr.contains("--rounds must be between 1 and 500"), "\(refused.stderr)")
            }
        }
    }
}
