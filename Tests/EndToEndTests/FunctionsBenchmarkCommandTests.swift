import Foundation
import Testing

/// `roster-bench functions` times a trivial JavaScript function and one making a `findOne`
/// against that data call alone, and says of each ratio whether its target is met; then a
/// database trigger's delay from an insert's answer to its function's start; bad options are
/// refused in words. (Its figures are judged in docs/BENCHMARKS.md, never here.)
extension EndToEndTests {
    @Suite("roster-bench functions end to end")
    struct FunctionsBenchmarkCommandTests {
        @Test func aShortRunReportsEachRatioWithItsTarget() throws {
            let home = try CommandRunner.temporaryDirectory("functions-bench")
            defer { try? FileManager.default.removeItem(at: home) }
            let run = try CommandRunner(home: home).rosterBench(["functions", "--rounds", "5", "--trigger-writes", "4"])
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("Roster functions benchmark: function calls against a data call, 5 rounds") == true, "\(run.stdout)")
            for label in ["  findOne data call", "  trivial function", "  function making that findOne"] {
                let line = try #require(lines.first { $0.hasPrefix(label) }, "\(label) missing from \(run.stdout)")
                let times = try #require(
                    line.firstMatch(of: #/ ([0-9.]+) ms median, ([0-9.]+) ms p99, ([0-9.]+) ms worst \(5 runs\)$/#), "\(line)")
                let (median, p99, worst) = (Double(times.1) ?? 0, Double(times.2) ?? 0, Double(times.3) ?? 0)
                #expect(median > 0 && median <= p99 && p99 <= worst, "\(line)")
            }
            for (ratio, target) in [("trivial function over the data call", 1.5), ("function's findOne over the data call alone", 1.3)] {
                let line = try #require(lines.first { $0.hasPrefix("    \(ratio): ") }, "\(ratio) missing from \(run.stdout)")
                let said = try #require(line.firstMatch(of: #/: ([0-9.]+); target at most ([0-9.]+): (met|MISSED)$/#), "\(line)")
                let median = try #require(Double(said.1), "\(line)")
                #expect(median > 0 && Double(said.2) == target, "\(line)")
                // Whatever the figure, the verdict is the one it earns.
                #expect(said.3 == (median <= target ? "met" : "MISSED"), "\(line)")
            }
            let trigger = try #require(
                lines.first { $0.hasPrefix("  database trigger, insert's answer to function's start") }, "\(run.stdout)")
            // The function's clock counts whole milliseconds: a delay may be 0.
            let delay = try #require(trigger.firstMatch(of: #/ ([0-9.]+) ms median, ([0-9.]+) ms p99, ([0-9.]+) ms worst \(4 runs\)$/#), "\(trigger)")
            let (median, p99, worst) = (Double(delay.1) ?? -1, Double(delay.2) ?? -1, Double(delay.3) ?? -1)
            #expect(median >= 0 && median <= p99 && p99 <= worst, "\(trigger)")
        }

        @Test func badOptionsAreRefusedInWords() throws {
            let home = try CommandRunner.temporaryDirectory("functions-bench-options")
            defer { try? FileManager.default.removeItem(at: home) }
            let refused = try CommandRunner(home: home).rosterBench(["functions", "--rounds", "0"])
            #expect(refused.status == 2 && refused.stderr.contains("--rounds must be between 1 and 100000"), "\(refused.stderr)")
            let writes = try CommandRunner(home: home).rosterBench(["functions", "--trigger-writes=-1"])
            #expect(writes.status == 2 && writes.stderr.contains("--trigger-writes must be between 0 and 10000"), "\(writes.stderr)")
        }
    }
}
