import ArgumentParser
import Foundation

/// `roster-bench http`: a real `roster-server` on loopback under wrk, route by route, against
/// the targets in docs/BENCHMARKS.md. Build with `-c release`; needs wrk.
struct HTTPBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http",
        abstract: "Measure the server's routes with wrk (build with -c release; needs wrk).",
        discussion: """
            Starts roster-server on a free loopback port over a store holding the demo users and \
            generated ones, then runs wrk against /location (the ceiling), refresh, profile, the \
            providers, custom user data (where it lives, and an update), data access (find, insertOne), \
            the API keys, the anonymous and API-key log-ins, a device log-in's poll and page, and \
            /health; then email/password log-ins one at a time, each after one \
            password hash computed alone in this process; then the ceiling and a refresh with a \
            browser's Origin header and without, in --origin-rounds alternating rounds. Targets: a \
            refresh at a third of the ceiling on SQLite (a fifth on PostgreSQL) with p99 under 10 ms; \
            an email/password log-in within 10% of the password hash alone; a request with Origin \
            within 5% of one without; with --soak-seconds, memory at the end within 10% of memory \
            after the first minute.

            With --against-users N, two stores are filled (--users and N users) and served side by \
            side, and every route runs against one and at once against the other, --rounds times, \
            the order alternating; each route's cost with --users users is the median of the rounds' \
            ratios. Target: a million users cost at most 10% more than a thousand.

            With --against-server PATH, the same in turns between two builds: --server (or the one \
            next to this roster-bench) and PATH, each over a store of its own with --users users \
            (or --against-users), which each build fills itself (roster-server admin create-user, \
            one process a user: a second or so each; the log-ins use the first 64), since two \
            builds may keep their stores differently. Target: no route costs this build more than \
            the method's resolution (7%) over the other.
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

    @Option(help: "Rounds of the ceiling and a refresh with an Origin header and without, the order alternating (default 4; 0: none).")
    var originRounds: Int?

    @Option(help: ArgumentHelp("Compare with a second store of this many users, route by route in turns.", valueName: "users"))
    var againstUsers: Int?

    @Option(help: ArgumentHelp("With --db and --against-users: the second store's PostgreSQL database, a fresh one.", valueName: "url"))
    var againstDb: String?

    @Option(help: ArgumentHelp("Compare with another build of roster-server, route by route in turns.", valueName: "path"))
    var againstServer: String?

    @Option(help: "With --against-users or --against-server: how many times each route runs against both (default 6).")
    var rounds: Int?

    @Option(name: .customLong("route"), help: ArgumentHelp("With a comparison: only the routes whose names contain this (repeat for several).", valueName: "text"))
    var routeNames: [String] = []

    /// Whether two stores are served side by side.
    private var comparing: Bool { againstUsers != nil || againstServer != nil }

    func validate() throws {
        guard (1...10_000_000).contains(users) else { throw ValidationError("--users must be between 1 and 10000000") }
        guard (1...1024).contains(connections) else { throw ValidationError("--connections must be between 1 and 1024") }
        guard (1...3600).contains(seconds) else { throw ValidationError("--seconds must be between 1 and 3600") }
        guard (0...86_400).contains(soakSeconds) else { throw ValidationError("--soak-seconds must be between 0 and 86400") }
        guard (0...100).contains(originRounds ?? 4) else { throw ValidationError("--origin-rounds must be between 0 and 100") }
        for url in [db, againstDb].compactMap({ $0 }) where !url.hasPrefix("postgres://") && !url.hasPrefix("postgresql://") {
            throw ValidationError("--db and --against-db take a postgres:// URL")
        }
        guard comparing || againstDb == nil else { throw ValidationError("--against-db needs --against-users or --against-server") }
        guard comparing || rounds == nil else { throw ValidationError("--rounds needs --against-users or --against-server") }
        guard comparing || routeNames.isEmpty else { throw ValidationError("--route needs --against-users or --against-server") }
        guard comparing else { return }
        guard originRounds == nil else { throw ValidationError("--origin-rounds cannot be combined with a comparison") }
        if let againstUsers, !(1...10_000_000).contains(againstUsers) {
            throw ValidationError("--against-users must be between 1 and 10000000")
        }
        guard (1...100).contains(rounds ?? 6) else { throw ValidationError("--rounds must be between 1 and 100") }
        guard soakSeconds == 0 else { throw ValidationError("--soak-seconds cannot be combined with a comparison") }
        guard (db == nil) == (againstDb == nil) else { throw ValidationError("--db and --against-db go together: one database for each store") }
        if let db, db == againstDb { throw ValidationError("--against-db must name another database than --db") }
    }

    func run() async throws {
        let executable = try LoopbackServer.executable(server)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-http-benchmark-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        if comparing {
            let settings = try comparison(server: executable)
            let result = try await Self.reportingFailures { try await HTTPComparison.run(settings, in: directory) }
            guard !result.routes.isEmpty else { throw BenchmarkFailure("no route's name contains \(routeNames.joined(separator: " or "))") }
            print(
                "Roster HTTP benchmark: \(result.store), \(settings.measured.label) against \(settings.against.label), \(settings.rounds) rounds of \(seconds) s a route on each, \(MachineDescription.current)"
            )
            for line in Self.report(result) { print(line) }
            return
        }
        let settings = HTTPBenchmark.Settings(
            users: users, connections: connections, seconds: seconds, database: db, soakSeconds: soakSeconds, originRounds: originRounds ?? 4)
        let result = try await Self.reportingFailures { try await HTTPBenchmark.run(server: executable, settings: settings, in: directory) }
        print("Roster HTTP benchmark: \(result.store), \(result.users) users, \(seconds) s a route, \(MachineDescription.current)")
        for line in Self.report(result) { print(line) }
    }

    /// The two sides: this build against another (each with its users), or one store against
    /// another of a different size.
    private func comparison(server executable: URL) throws -> HTTPComparison.Settings {
        let againstUsers = againstUsers ?? users
        var measured = HTTPComparison.Side(server: executable, users: users, database: db, label: "\(users) users")
        var against = HTTPComparison.Side(server: executable, users: againstUsers, database: againstDb, label: "\(againstUsers) users")
        var target = HTTPComparison.usersCostTarget
        if let againstServer {
            against.server = try LoopbackServer.executable(againstServer)
            measured.label = againstUsers == users ? "this build" : "this build, \(users) users"
            against.label = againstUsers == users ? "the other build" : "the other build, \(againstUsers) users"
            target = HTTPComparison.buildCostTarget
        }
        return HTTPComparison.Settings(
            measured: measured, against: against, connections: connections, seconds: seconds, rounds: rounds ?? 6, costTarget: target,
            routeNames: routeNames)
    }

    /// `body`, with a failure of wrk or of the benchmark said in one line.
    private static func reportingFailures<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let failure as WrkRun.Failure {
            throw BenchmarkFailure(failure.description)
        } catch let failure as HTTPBenchmark.Failure {
            throw BenchmarkFailure(failure.description)
        }
    }

    static func report(_ result: HTTPComparison.Result) -> [String] {
        let settings = result.settings
        let (measured, against) = (settings.measured.label, settings.against.label)
        var lines = [
            "  route                      " + "\(measured): req/s   p99 ms".leftPadded(to: 31) + "\(against): req/s   p99 ms".leftPadded(to: 31)
                + "   cost of \(measured) (median, range), processor time a request (median, range)"
        ]
        for route in result.routes {
            let median = { (reports: [WrkRun.Report], figure: (WrkRun.Report) -> Double) in HTTPComparison.median(reports.map(figure)) }
            let met = HTTPComparison.asPrinted(route.medianCostRatio) <= settings.costTarget ? "met" : "MISSED"
            lines.append(
                "  " + route.name.padding(toLength: 26, withPad: " ", startingAt: 0)
                    + String(
                        format: "%22.1f  %7.2f%22.1f  %7.2f   %.3f (%.3f to %.3f)", median(route.measured, \.requestsPerSecond),
                        median(route.measured, \.p99), median(route.against, \.requestsPerSecond), median(route.against, \.p99),
                        route.medianCostRatio, route.costRatios.min() ?? 0, route.costRatios.max() ?? 0)
                    + (route.medianProcessorRatio.map {
                        String(format: ", processor %.3f (%.3f to %.3f)", $0, route.processorRatios.min() ?? 0, route.processorRatios.max() ?? 0)
                    } ?? "") + ": \(met)"
                    + (route.failed > 0
                        ? " (answers other than 2xx, or socket errors: \(route.failures(measured: measured, against: against).joined(separator: "; ")))" : ""))
        }
        lines.append(
            String(
                format: "    cost: %@'s requests a second over %@'s, round by round (the email/password log-in: each side's log-in median over its hash's); target at most %.2f",
                against, measured, settings.costTarget))
        lines.append("    processor time a request: the server's (user and system) on \(measured) over \(against)'s, round by round; the time it waited for a processor is not counted")
        let failed = result.routes.reduce(0) { $0 + $1.failed }
        lines.append("    answers other than 2xx, and socket errors: \(failed)")
        lines.append(
            String(
                format: "  server memory peak %.1f MiB with %@, %.1f MiB with %@ (VmHWM)", Double(result.measuredPeakKiB) / 1024, measured,
                Double(result.againstPeakKiB) / 1024, against))
        return lines
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
                        report.failed))
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
        lines += OriginComparison.report(result.origin)
        let failed = result.rows.reduce(0) { $0 + $1.report.failed } + result.origin.reduce(0) { $0 + $1.failed }
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

extension String {
    /// The string with spaces before it up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
