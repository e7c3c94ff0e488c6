import Foundation
import Testing

/// `roster-bench cli` fills a device, times the command line against the store's own read, a
/// prefix against a full email, `whoami --short` and `roster events` to its first line beside
/// `roster --version`, and says of each with a target whether it is met; bad options are refused in words. (Its figures are judged in
/// docs/BENCHMARKS.md, never here.)
extension EndToEndTests {
    @Suite("roster-bench cli end to end")
    struct CommandLineBenchmarkCommandTests {
        @Test func aSmallDeviceReportsEveryComparisonWithItsTarget() throws {
            let home = try CommandRunner.temporaryDirectory("cli-bench")
            defer { try? FileManager.default.removeItem(at: home) }
            let run = try CommandRunner(home: home).rosterBench(["cli", "--users", "30", "--real-users", "20", "--rounds", "2"])
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("Roster command-line benchmark: 2 rounds") == true, "\(run.stdout)")
            #expect(lines.contains { $0.hasPrefix("       30 users: filled in") && $0.hasSuffix("(20 logged in, 10 copied)") }, "\(run.stdout)")
            for label in ["store: read every user", "roster users ", "roster users --json", "roster users --format", "roster token user18@example.com",
                "roster token user18@ ", "roster --version", "roster whoami --short", "roster events: to its first line"]
            {
                let row = try #require(lines.first { $0.hasPrefix("    " + label) }, "\(label) missing from \(run.stdout)")
                #expect(row.hasSuffix("(2 runs)"), "\(row)")
            }
            let verdicts = lines.filter { $0.contains("; target at most ") }
            #expect(verdicts.count == 4, "\(run.stdout)")
            for verdict in verdicts { #expect(verdict.hasSuffix(": met") || verdict.hasSuffix(": MISSED"), "\(verdict)") }
            #expect(verdicts.filter { $0.contains("over the store's read") }.count == 2)
            #expect(verdicts.contains { $0.contains("prefix over full email") })
            #expect(verdicts.contains { $0.contains("over roster --version; target at most 20 ms") })
            let untargeted = lines.filter { $0.hasSuffix(" (no target)") }
            #expect(untargeted.count == 2 && untargeted.first?.contains("over the store's read: ") == true, "\(run.stdout)")
            #expect(untargeted.last?.contains("over roster --version: ") == true, "\(run.stdout)")
        }

        @Test func badOptionsAreRefusedInWords() throws {
            let home = try CommandRunner.temporaryDirectory("cli-bench-options")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            for (options, words) in [
                (["--users", "5"], "--users must be sizes between 10 and 1000000"), (["--users", "100,x"], "--users must be sizes"),
                (["--rounds", "0"], "--rounds must be between 1 and 200"), (["--real-users", "3"], "--real-users must be between 10 and 100000"),
            ] {
                let refused = try runner.rosterBench(["cli"] + options)
                #expect(refused.status == 2 && refused.stderr.contains(words), "\(options): \(refused.stderr)")
            }
        }
    }
}
