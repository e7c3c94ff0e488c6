import ArgumentParser
import Foundation

/// `roster-bench data-abuse`: a real `roster-server` on loopback while signed-in clients
/// send the worst data calls they can, measured against the targets in docs/BENCHMARKS.md.
/// Build with `-c release`.
struct DataAbuseBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data-abuse",
        abstract: "Measure log-ins while clients send runaway data calls (build with -c release).",
        discussion: """
            Starts roster-server on a free loopback port over a temporary database with the demo app. \
            Four clients send, without pause, a runaway regular expression, a pipeline that doubles a \
            field, and a projection a thousand fields wide, while a second client logs other users in, \
            each log-in right after one password hash alone in this process. Targets: the second client's \
            median log-in under the KDF cost plus 100 ms; its log-ins under abuse against the same log-ins \
            alone; the server's memory under 150 MiB.
            """
    )

    @Option(help: ArgumentHelp("The roster-server to start (default: the one next to this roster).", valueName: "path"))
    var server: String?

    @Option(help: "Clients sending the worst data calls at once.")
    var abusers = 4

    @Option(help: "How long the abuse lasts, in seconds.")
    var seconds = 30

    func validate() throws {
        guard (1...64).contains(abusers) else { throw ValidationError("--abusers must be between 1 and 64") }
        guard (1...3600).contains(seconds) else { throw ValidationError("--seconds must be between 1 and 3600") }
    }

    func run() async throws {
        let executable = try LoopbackServer.executable(server)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-abuse-benchmark-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        print("Roster data-abuse benchmark: \(abusers) clients x \(seconds) s of the worst data calls, \(MachineDescription.current)")
        let result = try await DataAbuseBenchmark.run(
            server: executable, settings: DataAbuseBenchmark.Settings(abusers: abusers, seconds: seconds), in: directory)
        for line in Self.report(result) { print(line) }
    }

    static func report(_ result: DataAbuseBenchmark.Result) -> [String] {
        let cost = result.cost
        let kdf = result.underAbuse.hash
        let budget = kdf.median + 100
        let ratio = result.underAbuse.logIns.median / max(0.001, result.quiet.logIns.median)
        let peakMiB = Double(result.peakKiB) / 1024
        let answers = result.answers.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        func met(_ yes: Bool) -> String { yes ? "met" : "MISSED" }
        return [
            "  KDF cost (scrypt 2^\(cost.logN), r \(cost.r), p \(cost.p)) \(kdf.summary)",
            "  log-ins alone, before           \(result.quiet.logIns.summary)",
            "  log-ins under abuse             \(result.underAbuse.logIns.summary)",
            String(format: "    median under KDF + 100 ms = %.1f ms: %@", budget, met(result.underAbuse.logIns.median < budget)),
            String(format: "    median under abuse / alone: %.2f", ratio),
            String(format: "  abusers' answers               %@; slowest %.0f ms", answers, result.slowestMilliseconds),
            String(format: "  server memory                  %.1f MiB peak (VmHWM): under 150 MiB %@", peakMiB, met(peakMiB < 150)),
        ]
    }
}
