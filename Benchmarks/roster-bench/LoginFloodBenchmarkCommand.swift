import ArgumentParser
import Foundation

/// `roster-bench login-flood`: a real `roster-server` on loopback under a password-guessing
/// flood, measured against the targets in docs/BENCHMARKS.md. Build with `-c release`.
struct LoginFloodBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login-flood",
        abstract: "Measure the server under a flood of wrong passwords for one account (build with -c release).",
        discussion: """
            Starts roster-server on a free loopback port over a temporary database with the demo app. \
            Many connections send wrong passwords for joe@example.com while a second client logs other \
            users in, each log-in right after one password hash alone in this process. Targets: the second \
            client's p99 under the KDF cost (the median of those hashes) plus 50 ms; the server's memory \
            under 256 MiB; no more wrong passwords checked than the app's limits allow.
            """
    )

    @Option(help: ArgumentHelp("The roster-server to start (default: the one next to this roster).", valueName: "path"))
    var server: String?

    @Option(help: "Connections sending wrong passwords.")
    var connections = 64

    @Option(help: "How long the flood lasts, in seconds.")
    var seconds = 60

    @Option(help: "Users the second client logs in as, in turn.")
    var users = 20

    func validate() throws {
        guard (1...1024).contains(connections) else { throw ValidationError("--connections must be between 1 and 1024") }
        guard (1...3600).contains(seconds) else { throw ValidationError("--seconds must be between 1 and 3600") }
        guard (1...1000).contains(users) else { throw ValidationError("--users must be between 1 and 1000") }
    }

    func run() async throws {
        let executable = try LoopbackServer.executable(server)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-flood-benchmark-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        print("Roster login-flood benchmark: \(connections) connections x \(seconds) s of wrong passwords for "
            + "\(LoginFloodBenchmark.victim), \(MachineDescription.current)")
        let settings = LoginFloodBenchmark.Settings(connections: connections, seconds: seconds, users: users)
        let result = try await LoginFloodBenchmark.run(server: executable, settings: settings, in: directory)
        for line in Self.report(result, seconds: seconds) { print(line) }
    }

    static func report(_ result: LoginFloodBenchmark.Result, seconds: Int) -> [String] {
        let cost = result.cost
        let budget = result.kdf.median + 50
        let answered = result.flood.values.reduce(0, +)
        let checked = result.flood[401, default: 0]
        let allowed = result.limits.accountFailuresAllowed(inFirst: seconds)
        let others = result.flood.filter { ![401, 429].contains($0.key) }.sorted { $0.key < $1.key }
            .map { "\($0.key == 0 ? "no answer" : String($0.key)) \($0.value)" }
        let refused = result.underFlood.failures.merging(result.quiet.failures, uniquingKeysWith: +).sorted { $0.key < $1.key }
        // What the server hashed: the second client's log-ins and the guesses it checked.
        let hashed = Double(result.logins.milliseconds.count + checked) * result.kdf.median / 1000
        let peakMiB = Double(result.peakKiB) / 1024
        func met(_ yes: Bool) -> String { yes ? "met" : "MISSED" }
        return [
            "  KDF cost (scrypt 2^\(cost.logN), r \(cost.r), p \(cost.p)) \(result.kdf.summary)",
            "    one hash alone in this process just before each of the second client's log-ins, during the flood",
            "  second client alone, before    \(result.quiet.logIns.summary)",
            String(format: "    its hashes alone meanwhile: %.3f ms median", result.quiet.hash.median),
            "  second client's log-ins        \(result.logins.summary)" + (refused.isEmpty ? "" : "   refused: \(refused)"),
            String(
                format: "    each beyond the hash just before it: %+.1f ms median, %+.1f ms p99", result.underFlood.beyondHash.median,
                result.underFlood.beyondHash.p99),
            String(format: "    p99 under KDF + 50 ms = %.1f ms: %@", budget, met(result.logins.p99 < budget && refused.isEmpty)),
            // The same budget with the hash's own tail in it: what the flood adds, where the hash
            // alone spreads by more than 50 ms from its median.
            String(
                format: "    p99 under the KDF's own p99 + 50 ms = %.1f ms: %@", result.kdf.p99 + 50,
                met(result.logins.p99 < result.kdf.p99 + 50 && refused.isEmpty)),
            "  flood answers                  \(answered) (\(answered / max(1, seconds))/s): 401 \(checked), 429 \(result.flood[429, default: 0])"
                + (others.isEmpty ? "" : ", " + others.joined(separator: ", ")),
            "    wrong passwords checked \(checked), the limits allow \(allowed) in \(seconds) s: \(met(checked <= allowed))",
            String(
                format: "  server processor time          %.1f s in %d s (%.0f%% of a core), about %.1f s of it %d password hashes",
                result.serverCPU, seconds, result.serverCPU * 100 / Double(seconds), hashed, result.logins.milliseconds.count + checked),
            String(
                format: "  server memory                  %.1f MiB peak (VmHWM), %.1f MiB highest VmRSS sampled: under 256 MiB %@", peakMiB,
                Double(result.highestSampledKiB) / 1024, met(peakMiB < 256)),
        ]
    }
}
