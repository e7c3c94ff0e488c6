import ArgumentParser
import Foundation

/// `roster-bench functions`: a JavaScript function's call against the data call it stands
/// beside (docs/BENCHMARKS.md). Build with `-c release`.
struct FunctionsBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "functions",
        abstract: "Time JavaScript function calls against a findOne data call (build with -c release).",
        discussion: """
            Targets: a trivial function's call at most 1.5 times a findOne data call's, and a \
            function making that findOne at most 1.3 times the data call alone (the median of the \
            rounds' ratios). Then a database trigger's delay from an insert's answer to its \
            function's start (median and p99, --trigger-writes inserts one at a time). Needs \
            Node.js; uses a temporary directory, removed afterwards.
            """
    )

    @Option(help: "Rounds, one call of each kind a round.")
    var rounds = 2_000

    @Option(help: "Inserts timed for the database trigger's delay, one at a time (0: none; by default as many as the rounds, at most 200).")
    var triggerWrites: Int?

    func validate() throws {
        guard (1...100_000).contains(rounds) else { throw ValidationError("--rounds must be between 1 and 100000") }
        guard (0...10_000).contains(triggerWrites ?? 0) else { throw ValidationError("--trigger-writes must be between 0 and 10000") }
    }

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-functions-benchmark-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        print("Roster functions benchmark: function calls against a data call, \(rounds) rounds, \(MachineDescription.current)")
        let result = try await FunctionsBenchmark.run(rounds: rounds, in: directory)
        print("  findOne data call             \(result.dataCall.summary)")
        print("  trivial function              \(result.trivial.summary)")
        print("  function making that findOne  \(result.withDataCall.summary)")
        for (label, ratios, target) in [
            ("trivial function over the data call", result.trivialRatios, 1.5),
            ("function's findOne over the data call alone", result.dataRatios, 1.3),
        ] {
            let median = ratios.sorted()[ratios.count / 2]
            let verdict = HTTPComparison.asPrinted(median) <= target ? "met" : "MISSED"
            print(String(format: "    %@: %.3f; target at most %.1f: %@", label, median, target, verdict))
        }
        let writes = triggerWrites ?? min(rounds, 200)
        guard writes > 0 else { return }
        let delay = try await TriggerDelayBenchmark.run(writes: writes, in: directory.appendingPathComponent("triggers"))
        print("  database trigger, insert's answer to function's start  \(delay.summary)")
    }
}
