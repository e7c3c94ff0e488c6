import Foundation

/// The routes of two served stores, measured in turns: two stores that differ in how many
/// users they hold, or two builds of roster-server over stores of one size (or both). Each
/// round starts both servers afresh and runs a route against one and then at once against the
/// other (which goes first alternates from round to round), and compares the two by their ratio
/// within the round. A machine whose speed drifts by more than the difference sought (a shared
/// VM's moves by a third within an hour) cannot tell a 10% difference between two runs minutes
/// apart; the median of ratios each measured seconds apart can.
///
///     let result = try await HTTPComparison.run(settings, in: directory)
///     for route in result.routes { print(route.name, route.medianCostRatio) }
enum HTTPComparison {
    /// One of the two: the roster-server it starts, the users its store holds, its database.
    struct Side {
        var server: URL
        var users: Int
        /// A `postgres://` URL of a fresh database, or nil for a new SQLite file.
        var database: String?
        /// How the report names it: "1000000 users", "this build".
        var label: String
    }

    struct Settings {
        /// The side whose cost is asked, and the side it is measured against.
        var measured: Side
        var against: Side
        var connections = 64
        var seconds = 5
        var rounds = 6
        /// A request may cost the measured side at most this many times what it costs the other.
        var costTarget = 1.10
        /// Only the routes whose names contain one of these (every route when empty).
        var routeNames: [String] = []

        func includes(_ route: String) -> Bool { routeNames.isEmpty || routeNames.contains { route.contains($0) } }
    }

    /// One route over the rounds, each side's figures and their ratio round by round.
    struct RouteComparison {
        let name: String
        /// What a request costs the measured side over what it costs the other, one a round: the
        /// inverse ratio of requests a second for a route under wrk; for the email/password log-in,
        /// the ratio of each side's log-in median to its own hash's median.
        var costRatios: [Double] = []
        /// The server's processor time a request (user and system, /proc) on the measured side
        /// over the other's, one a round: steadier than requests a second on a machine others
        /// share, since time spent waiting for the processor is not counted; none for the
        /// email/password log-in, whose hash dominates.
        var processorRatios: [Double] = []
        var measured: [WrkRun.Report] = []
        var against: [WrkRun.Report] = []

        var medianCostRatio: Double { HTTPComparison.median(costRatios) }
        var medianProcessorRatio: Double? { processorRatios.isEmpty ? nil : HTTPComparison.median(processorRatios) }
        var failed: Int { (measured + against).reduce(0) { $0 + $1.failed } }

        /// Where the failed answers came: on each side that had any, how many and in which
        /// rounds (from 1), so that a report tells a server that failed from a run that did.
        func failures(measured measuredLabel: String, against againstLabel: String) -> [String] {
            [(measuredLabel, measured), (againstLabel, against)].compactMap { label, reports in
                let failed = reports.map(\.failed)
                let rounds = failed.indices.filter { failed[$0] > 0 }.map { String($0 + 1) }
                guard !rounds.isEmpty else { return nil }
                return "\(failed.reduce(0, +)) on \(label) in round\(rounds.count > 1 ? "s" : "") \(rounds.joined(separator: ", "))"
            }
        }
    }

    struct Result {
        let store: String
        let settings: Settings
        let routes: [RouteComparison]
        let measuredPeakKiB: Int
        let againstPeakKiB: Int
    }

    /// Users in one store against another, from one build: a request may cost a million users
    /// at most 10% more than a thousand.
    static let usersCostTarget = 1.10
    /// One build against another over stores of one size: no route worse than the method's
    /// resolution on these machines (about ±7%).
    static let buildCostTarget = 1.07

    static func run(_ settings: Settings, in directory: URL) async throws -> Result {
        // Two builds may keep their stores differently: each fills its own, the same way.
        let twoBuilds = settings.measured.server != settings.against.server
        var measured = try await ServedStore.start(
            server: settings.measured.server, database: settings.measured.database, users: settings.measured.users,
            in: directory.appendingPathComponent("measured"), fillThroughServer: twoBuilds)
        defer { measured.server.stop() }
        var against = try await ServedStore.start(
            server: settings.against.server, database: settings.against.database, users: settings.against.users,
            in: directory.appendingPathComponent("against"), fillThroughServer: twoBuilds)
        defer { against.server.stop() }

        var routes: [RouteComparison] = []
        func record(_ name: String, _ measuredReport: WrkRun.Report, _ againstReport: WrkRun.Report, ratio: Double, processorRatio: Double? = nil) {
            let index = routes.firstIndex { $0.name == name } ?? routes.endIndex
            if index == routes.endIndex { routes.append(RouteComparison(name: name)) }
            routes[index].costRatios.append(ratio)
            if let processorRatio { routes[index].processorRatios.append(processorRatio) }
            routes[index].measured.append(measuredReport)
            routes[index].against.append(againstReport)
        }
        /// Measures both sides back to back, the measured one first or the other.
        func inTurns<T>(measuredFirst: Bool, _ measure: (ServedStore) async throws -> T) async throws -> (measured: T, against: T) {
            if measuredFirst {
                let first = try await measure(measured)
                return (first, try await measure(against))
            }
            let first = try await measure(against)
            return (try await measure(measured), first)
        }
        var peaks = (measured: 0, against: 0)
        for round in 0..<settings.rounds {
            if round > 0 {
                // Each round on new processes (see `ServedStore.restarted`).
                peaks = (max(peaks.measured, measured.server.memoryKiB("VmHWM") ?? 0), max(peaks.against, against.server.memoryKiB("VmHWM") ?? 0))
                measured = try measured.restarted()
                against = try against.restarted()
            }
            let measuredFirst = round % 2 == 0
            for (index, route) in measured.routes.enumerated() where settings.includes(route.name) {
                let (measuredRun, againstRun) = try await inTurns(measuredFirst: measuredFirst) { served in
                    let before = served.server.cpuSeconds()
                    let report = try await WrkRun.run(
                        served.routes[index].load, base: served.server.baseURL, connections: settings.connections, seconds: settings.seconds,
                        in: directory)
                    let used = before.flatMap { start in served.server.cpuSeconds().map { $0 - start } }
                    return (report: report, processorPerRequest: used.map { $0 / Double(max(report.requests, 1)) })
                }
                let processorRatio = measuredRun.processorPerRequest.flatMap { measured in
                    againstRun.processorPerRequest.flatMap { against in against > 0 ? measured / against : nil }
                }
                record(
                    route.name, measuredRun.report, againstRun.report,
                    ratio: againstRun.report.requestsPerSecond / max(measuredRun.report.requestsPerSecond, 0.001), processorRatio: processorRatio)
            }
            // Log-ins one at a time, each after a hash alone: each side's log-in against its own
            // hashes, so that the hash's drift between the two sides cancels.
            guard settings.includes(ServedStore.emailPasswordRoute) else { continue }
            let (measuredPairs, againstPairs) = try await inTurns(measuredFirst: measuredFirst) { served in
                try await served.pairedLogIns.run(seconds: settings.seconds, minimumPairs: 2 * settings.seconds)
            }
            record(
                ServedStore.emailPasswordRoute, measuredPairs.report, againstPairs.report,
                ratio: (measuredPairs.logIns.median / measuredPairs.hash.median) / (againstPairs.logIns.median / againstPairs.hash.median))
        }
        return Result(
            store: measured.storeName, settings: settings, routes: routes,
            measuredPeakKiB: max(peaks.measured, measured.server.memoryKiB("VmHWM") ?? 0),
            againstPeakKiB: max(peaks.against, against.server.memoryKiB("VmHWM") ?? 0))
    }

    /// The middle value (the mean of the two middle ones for an even count); 0 for none.
    /// A ratio as the reports print it (three places): verdicts are judged on it, so a verdict
    /// agrees with the figure beside it.
    static func asPrinted(_ ratio: Double) -> Double { (ratio * 1000).rounded() / 1000 }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
