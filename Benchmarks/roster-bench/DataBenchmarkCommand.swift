import ArgumentParser
import Foundation

/// `roster-bench data`: the log-in and refresh cost on the embedded server with a small and
/// a large custom data collection, in one run (docs/BENCHMARKS.md). Build with `-c release`.
struct DataBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data",
        abstract: "Measure log-in and refresh as the custom data collection grows (build with -c release).",
        discussion: """
            Target: with 100,000 custom data documents, log-in and refresh within 10% of their cost \
            with 1,000. Uses a temporary directory, removed afterwards.
            """
    )

    @Option(name: .customLong("documents"), help: "Custom data documents in the collection (repeat for several sizes).")
    var sizes: [Int] = [1_000, 100_000]

    @Option(help: "Log-ins to time at each size.")
    var logins = 300

    @Option(help: "Refreshes to time at each size.")
    var refreshes = 2_000

    func validate() throws {
        guard !sizes.isEmpty, sizes.allSatisfy({ (1...1_000_000).contains($0) }) else {
            throw ValidationError("--documents must be between 1 and 1000000")
        }
        guard (1...100_000).contains(logins), (1...100_000).contains(refreshes) else {
            throw ValidationError("--logins and --refreshes must be between 1 and 100000")
        }
    }

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-data-benchmark-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        print("Roster data benchmark: log-in and refresh by custom data size, \(MachineDescription.current)")
        for size in sizes {
            let result = try await DataBenchmark.run(documents: size, logins: logins, refreshes: refreshes, in: directory)
            print(String(format: "  %7d documents (filled in %.1f s)", size, result.fill))
            print("    log-in (custom JWT)      \(result.login.summary)")
            print("    refresh                  \(result.refresh.summary)")
        }
    }
}
