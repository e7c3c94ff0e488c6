import ArgumentParser
import Foundation

/// `roster-bench streams`: many change streams on one `roster-server` on loopback
/// (docs/BENCHMARKS.md, "Change streams"). Build with `-c release`; needs wrk.
struct ChangeStreamBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "streams",
        abstract: "Measure change streams: an insert reaching many open streams, and refreshes beside them (build with -c release; needs wrk).",
        discussion: """
            Starts roster-server on a free loopback port, opens --streams change streams of one \
            collection (one user's), and inserts one document a round: the time from the write's \
            start to the last stream's event, and to the median stream's, median and p99 over the \
            rounds. Then refreshes under wrk with the streams open and closed, alternating, as a \
            ratio of their rates. Targets: an insert reaches 1,000 streams within 100 ms (p99), and \
            refreshes run at least 90% as fast with them open.
            """
    )

    @Option(help: ArgumentHelp("The roster-server to start (default: the one next to this roster-bench).", valueName: "path"))
    var server: String?

    @Option(help: ArgumentHelp("A PostgreSQL database URL to use, a fresh one (default: a new SQLite file).", valueName: "url"))
    var db: String?

    @Option(help: "Change streams to open.")
    var streams = 1_000

    @Option(help: "Inserts to time.")
    var rounds = 50

    @Option(help: "Rounds of refreshes, each with the streams open and closed.")
    var refreshRounds = 3

    @Option(help: "Seconds of refreshes each time.")
    var refreshSeconds = 5

    func validate() throws {
        guard (1...1_000).contains(streams) else { throw ValidationError("--streams must be between 1 and 1000") }
        guard (1...10_000).contains(rounds) else { throw ValidationError("--rounds must be between 1 and 10000") }
        guard (0...100).contains(refreshRounds), (1...600).contains(refreshSeconds) else {
            throw ValidationError("--refresh-rounds must be between 0 and 100, --refresh-seconds between 1 and 600")
        }
    }

    func run() async throws {
        let executable = try LoopbackServer.executable(server)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-streams-benchmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let settings = ChangeStreamBenchmark.Settings(
            streams: streams, rounds: rounds, refreshRounds: refreshRounds, refreshSeconds: refreshSeconds, database: db)
        print("Roster change streams: \(streams) streams, \(rounds) inserts, \(MachineDescription.current)")
        let result = try await ChangeStreamBenchmark.run(server: executable, settings: settings, in: directory)
        print("  store \(result.store)")
        print("  insert to the last stream's event    \(result.toLast.summary)")
        print("  insert to the median stream's event  \(result.toMedian.summary)")
        for (round, pair) in result.refreshes.enumerated() {
            print(String(format: "  refreshes, round %d: %.0f/s with the streams open, %.0f/s without (%.3f)", round + 1, pair.open, pair.closed, pair.open / pair.closed))
        }
        if !result.refreshes.isEmpty { print(String(format: "  refresh rate with them open: %.3f of without (median of the rounds)", result.refreshRatio)) }
    }
}
