import ArgumentParser
import Foundation

/// `roster-bench cli --users 10000,100000`: the command line on devices of many users against
/// what the store does alone (docs/BENCHMARKS.md): `roster users` and `--json` against the
/// store's read of every user, a prefix against a full email, and `whoami --short` (a shell
/// prompt's) in absolute time, beside a process start of `roster --version`; `users --format`
/// (fzf's) against that read and `roster events` from its start to its first line, with no target.
struct CommandLineBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cli",
        abstract: "Time the command line on devices of many users (build with -c release).",
        discussion: """
            Targets, each the median of the rounds' ratios: roster users and users --json at most \
            2 times the store's read of every user (in this process, App.userSnapshots); roster \
            token with a prefix at most 1.5 times with the full email; whoami --short at most \
            20 ms (median). Also timed, with no target: roster users --format TEMPLATE against \
            the store's read, and roster events from its start to its first line (a kept event, \
            so start to ready) against roster --version. The devices are filled with real log-ins and copies past them, in \
            --keep (kept for the next run) or a temporary directory removed afterwards.
            """
    )

    @Option(help: "Device sizes, comma-separated.")
    var users = "10000,100000"

    @Option(help: "Rounds of every side.")
    var rounds = 9

    @Option(help: "Users logged in for real before the rest are copied.")
    var realUsers = 1000

    @Option(help: "A folder to keep the filled devices in, for the next run.")
    var keep: String?

    static let listTarget = 2.0
    static let prefixTarget = 1.5
    static let shortTarget = 20.0

    var sizes: [Int] { users.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }

    func validate() throws {
        let sizes = sizes
        guard !sizes.isEmpty, sizes.count == users.split(separator: ",").count, sizes.allSatisfy({ (10...1_000_000).contains($0) }) else {
            throw ValidationError("--users must be sizes between 10 and 1000000, comma-separated")
        }
        guard (1...200).contains(rounds) else { throw ValidationError("--rounds must be between 1 and 200") }
        guard (10...100_000).contains(realUsers) else { throw ValidationError("--real-users must be between 10 and 100000") }
    }

    func run() async throws {
        let roster = BuiltBeside.program("roster")
        guard FileManager.default.isExecutableFile(atPath: roster.path) else {
            throw BenchmarkFailure("no roster at \(roster.path): \(BuiltBeside.howToBuild)")
        }
        let root = keep.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("roster-cli-benchmark-\(UUID().uuidString)")
        defer { if keep == nil { try? FileManager.default.removeItem(at: root) } }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        print("Roster command-line benchmark: \(rounds) rounds, \(MachineDescription.current)")
        for size in sizes {
            let figures = try await CommandLineBenchmark.run(users: size, realUsers: realUsers, rounds: rounds, root: root, roster: roster)
            for line in Self.report(figures) { print(line) }
        }
    }

    static func report(_ figures: CommandLineBenchmark.Figures) -> [String] {
        func verdict(_ met: Bool) -> String { met ? "met" : "MISSED" }
        func row(_ label: String, _ side: CommandLineBenchmark.Side) -> String {
            "    " + label.padding(toLength: 34, withPad: " ", startingAt: 0) + figures.timing(side).summary
        }
        func ratio(_ label: String, _ side: CommandLineBenchmark.Side, over base: CommandLineBenchmark.Side, target: Double) -> String {
            let value = figures.ratio(side, over: base)
            return String(format: "      %@: %.3f; target at most %.1f: %@", label, value, target, verdict(HTTPComparison.asPrinted(value) <= target))
        }
        func ratio(_ label: String, _ side: CommandLineBenchmark.Side, over base: CommandLineBenchmark.Side) -> String {
            String(format: "      %@: %.3f (no target)", label, figures.ratio(side, over: base))
        }
        let short = figures.timing(.whoamiShort).median
        return [
            row("store: read every user", .storeRead),
            row("roster users", .users),
            ratio("over the store's read", .users, over: .storeRead, target: listTarget),
            row("roster users --json", .usersJSON),
            ratio("over the store's read", .usersJSON, over: .storeRead, target: listTarget),
            row("roster users --format", .usersFormat),
            ratio("over the store's read", .usersFormat, over: .storeRead),
            row("roster token \(figures.email)", .email),
            row("roster token \(figures.prefix)", .prefix),
            ratio("prefix over full email", .prefix, over: .email, target: prefixTarget),
            row("roster --version", .version),
            row("roster whoami --short", .whoamiShort),
            String(
                format: "      median %.3f ms, %.3f over roster --version; target at most %.0f ms: %@", short,
                figures.ratio(.whoamiShort, over: .version), shortTarget, verdict(short <= shortTarget)),
            row("roster events: to its first line", .eventsReady),
            ratio("over roster --version", .eventsReady, over: .version),
        ]
    }
}
