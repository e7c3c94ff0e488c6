import ArgumentParser
import Foundation
import RosterBenchSupport
import RosterCore
import RosterEmbedded
import RosterTUI

/// `roster-bench switcher`: fills a device with many users on the embedded server and measures the
/// switcher against the targets in docs/BENCHMARKS.md. Build with `-c release` for figures.
struct BenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switcher",
        abstract: "Measure the switcher with many users on the device (build with -c release).",
        discussion: """
            Targets with 10,000 users: view of a full screen under 1 ms; moving the selection \
            writes only the changed rows; start-up to first paint under 200 ms; memory under 64 MiB. \
            Uses a temporary data directory unless --home is given; the users are kept there for \
            the next run.

            With --against-roster PATH, the start-up is also timed in turns against another \
            build's roster over copies of the same device, --startups rounds, the order \
            alternating; the cost is the median of the rounds' ratios (target: at most 7% more).
            """
    )

    @Option(help: "Users on the device.")
    var users = 10_000

    @Option(help: ArgumentHelp("Data directory to fill and measure (kept afterwards).", valueName: "path"))
    var home: String?

    @Option(help: "Start-ups to time.")
    var startups = 7

    @Option(help: ArgumentHelp("Time start-ups in turns with another build's roster.", valueName: "path"))
    var againstRoster: String?

    @Option(help: ArgumentHelp(
        "Measure devices of these sizes in one run, with ratios to the first (each its own folder under --home).", valueName: "n,n,…"))
    var scales: String?

    @Option(help: "With --scales: users logged in for real; the rest are copies of them (DeviceCopies).")
    var realUsers = 1_000

    /// The sizes of `--scales`, checked.
    var scaleList: [Int]? {
        get throws {
            guard let scales else { return nil }
            let sizes = scales.split(separator: ",").compactMap { Int($0) }
            guard sizes.count == scales.split(separator: ",").count, (2...5).contains(sizes.count), sizes.allSatisfy({ (1...100_000).contains($0) })
            else { throw ValidationError("--scales takes 2 to 5 sizes from 1 to 100000, such as 1000,10000,100000") }
            return sizes
        }
    }

    func validate() throws {
        _ = try scaleList
        guard (1...100_000).contains(users) else { throw ValidationError("--users must be between 1 and 100000") }
        guard (1...100).contains(startups) else { throw ValidationError("--startups must be between 1 and 100") }
    }

    func run() async throws {
        let other = againstRoster.map { URL(fileURLWithPath: $0) }
        if let other, !FileManager.default.isExecutableFile(atPath: other.path) { throw BenchmarkFailure("no roster at \(other.path)") }
        let directory = home.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("roster-benchmark-\(UUID().uuidString)")
        defer { if home == nil { try? FileManager.default.removeItem(at: directory) } }
        let roster = BuiltBeside.program("roster")
        if let sizes = try scaleList {
            guard FileManager.default.isExecutableFile(atPath: roster.path) else { throw BenchmarkFailure("no roster at \(roster.path): \(BuiltBeside.howToBuild)") }
            print("Roster switcher at \(sizes.map(String.init).joined(separator: ", ")) users, \(startups) start-ups each in alternating rounds, \(MachineDescription.current)")
            for line in try await ScaleComparison.run(scales: sizes, root: directory, realUsers: realUsers, roster: roster, startups: startups) { print(line) }
            return
        }
        let paths = try RosterPaths(home: directory.path, environment: [:])
        let embedded = try await EmbeddedDefault.open(paths: paths)

        print("Roster benchmark: \(users) users, \(MachineDescription.current)")
        let filled = try await BenchmarkDevice.fill(embedded, users: users)
        print(String(format: "  fill the device            %8.1f s   (%d users logged in for this run)", filled.seconds, filled.added))

        let effects = SessionEffects(app: embedded.app)
        let read = try Timing.measure(runs: 10) { _ in _ = try effects.rows() }
        print("  read the users             \(read.summary)")
        let rows = try effects.rows()

        for result in try ViewBenchmark.run(rows: rows) { print(result) }

        guard FileManager.default.isExecutableFile(atPath: roster.path) else {
            throw BenchmarkFailure("no roster at \(roster.path): \(BuiltBeside.howToBuild)")
        }
        let startup = try StartupProbe.measure(roster: roster, home: directory, runs: startups)
        print("  start-up to first paint    \(startup.time.summary)   (a real `roster ui` on a pseudo-terminal, 100x30)")
        print(String(format: "  peak memory at first paint %8.1f MiB (VmHWM of that process)", startup.peakMiB))

        guard let other else { return }
        let turns = FileManager.default.temporaryDirectory.appendingPathComponent("roster-startup-turns-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: turns) }
        let compared = try StartupComparison.run(roster: roster, against: other, filled: directory, rounds: startups, in: turns)
        let met = compared.medianRatio <= StartupComparison.target ? "met" : "MISSED"
        print("  start-up, this build       \(compared.measured.summary)")
        print("  start-up, the other build  \(compared.against.summary)")
        print(
            String(
                format: "    this build's start-up over the other's, round by round: %.3f median (%.3f to %.3f), target at most %.2f: %@",
                compared.medianRatio, compared.ratios.min() ?? 0, compared.ratios.max() ?? 0, StartupComparison.target, met))
        print(String(format: "  peak memory at first paint %8.1f MiB this build, %.1f MiB the other", compared.measuredPeakMiB, compared.againstPeakMiB))
    }
}
