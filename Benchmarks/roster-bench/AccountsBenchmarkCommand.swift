import ArgumentParser
import Foundation

/// `roster-bench accounts`: that an unknown email is answered in the time a known one is, at
/// log-in and at `reset/send`, and that a refused log-in waits its hold (docs/BENCHMARKS.md).
struct AccountsBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: "Time known against unknown emails, and a refused log-in's hold (build with -c release).",
        discussion: """
            Targets: an unknown email over a known one between 0.90 and 1.10 (the median of the \
            rounds' ratios), at log-in with a wrong password and at reset/send; a refused log-in \
            at least its hold. Uses a temporary directory, removed afterwards.
            """
    )

    @Option(help: "Rounds of each comparison, one of each side a round.")
    var rounds = 15

    func validate() throws {
        guard (1...500).contains(rounds) else { throw ValidationError("--rounds must be between 1 and 500") }
    }

    static let alike = 0.90...1.10

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-accounts-benchmark-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        print("Roster accounts benchmark: known and unknown emails, \(rounds) rounds, \(MachineDescription.current)")
        let result = try await AccountsBenchmark.run(rounds: rounds, in: directory)
        for (label, comparison) in [("log-in, wrong password", result.login), ("reset/send", result.resetSend)] {
            let (low, high) = comparison.range
            let verdict = Self.alike.contains(HTTPComparison.asPrinted(comparison.median)) ? "met" : "MISSED"
            print("  \(label)")
            print("    known email     \(comparison.known.summary)")
            print("    unknown email   \(comparison.unknown.summary)")
            print(String(format: "    unknown over known: %.3f (%.3f–%.3f); target 0.90 to 1.10: %@", comparison.median, low, high, verdict))
        }
        let over = result.refused.median / Double(result.holdMilliseconds)
        print("  refused log-in   \(result.refused.summary)")
        print(String(format: "    over its hold of %d ms: %.3f; target at least 1: %@", result.holdMilliseconds, over, over >= 1 ? "met" : "MISSED"))
    }
}
