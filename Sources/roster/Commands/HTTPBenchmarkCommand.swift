import ArgumentParser
import Foundation

/// `roster benchmark-http`: a real `roster-server` on loopback under wrk, route by route, against
/// the targets in docs/BENCHMARKS.md. Build with `-c release`; needs wrk.
struct HTTPBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "benchmark-http",
        abstract: "Measure the server's hot routes with wrk (build with -c release; needs wrk).",
        discussion: """
            Starts roster-server on a free loopback port over a store holding the demo users and \
            generated ones, then runs wrk against /location (the ceiling), refresh, profile, and the \
            anonymous and API-key log-ins; then email/password log-ins one at a time, each after one \
            password hash computed alone in this process. Targets: a refresh at a third of the ceiling \
            on SQLite (a fifth on PostgreSQL) with p99 under 10 ms; an email/password log-in within 10% \
            of the password hash alone; with --soak-seconds, memory at the end within 10% of memory \
            after the first minute.
            """
    )

    @Option(help: ArgumentHelp("The roster-server to start (default: the one next to this roster).", valueName: "path"))
    var server: String?

    @Option(help: ArgumentHelp("A PostgreSQL database URL to use, emptied first by nothing: give a fresh database (default: a new SQLite file).", valueName: "url"))
    var db: String?

    @Option(help: "Users in the store (the demo users besides).")
    var users = 1_000

    @Option(help: "wrk connections for every route but the email/password log-in (which runs one at a time).")
    var connections = 64

    @Option(help: "Seconds of load for each route.")
    var seconds = 10

    @Option(help: "Seconds of refreshes afterwards, watching the server's memory (0: none).")
    var soakSeconds = 0

    func validate() throws {
        guard (1...10_000_000).contains(users) else { throw ValidationError("--users must be between 1 and 10000000") }
        guard (1...1024).contains(connections) else { throw ValidationError("--connections must be between 1 and 1024") }
        guard (1...3600).contains(seconds) else { throw ValidationError("--seconds must be between 1 and 3600") }
        guard (0...86_400).contains(soakSeconds) else { throw ValidationError("--soak-seconds must be between 0 and 86400") }
        if let db, !db.hasPrefix("postgres://"), !db.hasPrefix("postgresql://") {
            throw ValidationError("--db takes a postgres:// URL")
        }
    }

    func run() async throws {
        let executable = try LoopbackServer.executable(server)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-http-benchmark-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let settings = HTTPBenchmark.Settings(users: users, connections: connections, seconds: seconds, database: db, soakSeconds: soakSeconds)
        let result: HTTPBenchmark.Result
        do {
            result = try await HTTPBenchmark.run(server: executable, settings: settings, in: directory)
        } catch let failure as WrkRun.Failure {
            throw CommandFailure(failure.description)
        } catch let failure as HTTPBenchmark.Failure {
            throw CommandFailure(failure.description)
        }
        print("Roster HTTP benchmark: \(result.store), \(result.users) users, \(seconds) s a route, \(MachineDescription.current)")
        for line in Self.report(result) { print(line) }
    }

    static func report(_ result: HTTPBenchmark.Result) -> [String] {
        func met(_ yes: Bool) -> String { yes ? "met" : "MISSED" }
        var lines = ["  route                      conns    requests/s   p50 ms   p99 ms   failed"]
        for row in result.rows {
            let report = row.report
            lines.append(
                "  " + row.name.padding(toLength: 26, withPad: " ", startingAt: 0)
                    + String(
                        format: " %5d  %12.1f  %7.2f  %7.2f   %d", row.connections, report.requestsPerSecond, report.p50, report.p99,
                        report.failedAnswers + report.socketErrors))
        }
        let named = Dictionary(result.rows.map { ($0.name, $0.report) }, uniquingKeysWith: { first, _ in first })
        if let ceiling = named["location (the ceiling)"], let refresh = named["refresh"] {
            let share = result.store == "SQLite" ? 3.0 : 5.0
            let ratio = refresh.requestsPerSecond / ceiling.requestsPerSecond
            lines.append(
                String(
                    format: "    refresh at %.2f of the ceiling (target 1/%.0f), p99 %.2f ms (target 10): %@", ratio, share, refresh.p99,
                    met(ratio >= 1 / share && refresh.p99 < 10)))
        }
        if let login = named["email/password log-in"] {
            lines.append(
                String(
                    format: "    email/password log-in %.1f ms median (%d log-ins) against the hash alone %.1f ms, each just before one (target +10%%): %@", login.p50,
                    login.requests, result.kdf.median, met(login.requests >= 10 && login.p50 <= result.kdf.median * 1.1)))
        }
        let failed = result.rows.reduce(0) { $0 + $1.report.failedAnswers + $1.report.socketErrors }
        lines.append("    answers other than 2xx, and socket errors: \(failed)")
        if let soak = result.soak {
            let before = Double(soak.afterFirstMinuteKiB) / 1024
            let after = Double(soak.atEndKiB) / 1024
            lines.append(
                String(
                    format: "  memory over %d s of refreshes: %.1f MiB after the first minute, %.1f MiB at the end (target within 10%%): %@",
                    soak.seconds, before, after, met(after <= before * 1.1)))
        }
        lines.append(String(format: "  server memory peak %.1f MiB (VmHWM)", Double(result.peakKiB) / 1024))
        return lines
    }
}
