import Foundation

/// The hot routes of two stores that differ in how many users they hold, measured in turns: each
/// round runs a route against one server and then at once against the other (which goes first
/// alternates from round to round), and compares the two by their ratio within the round. A
/// machine whose speed drifts by more than the difference sought (a shared VM's moves by a third
/// within an hour) cannot tell a 10% difference between two runs minutes apart; the median of
/// ratios each measured seconds apart can.
///
///     let result = try await HTTPScaleComparison.run(server: url, settings: settings, in: directory)
///     for route in result.routes { print(route.name, route.medianCostRatio) }
enum HTTPScaleComparison {
    struct Settings {
        /// The larger store's users, and the smaller's.
        var users = 1_000_000
        var againstUsers = 1_000
        var connections = 64
        var seconds = 5
        var rounds = 6
        /// `postgres://` URLs of two fresh databases, or nil for new SQLite files.
        var database: String?
        var againstDatabase: String?
    }

    /// One route over the rounds, each side's figures and their ratio round by round.
    struct RouteComparison {
        let name: String
        /// What a request costs the larger store over what it costs the smaller, one a round: the
        /// inverse ratio of requests a second for a route under wrk; for the email/password log-in,
        /// the ratio of each side's log-in median to its own hash's median.
        var costRatios: [Double] = []
        var larger: [WrkRun.Report] = []
        var smaller: [WrkRun.Report] = []

        var medianCostRatio: Double { HTTPScaleComparison.median(costRatios) }
        var failed: Int { (larger + smaller).reduce(0) { $0 + $1.failedAnswers + $1.socketErrors } }
    }

    struct Result {
        let store: String
        let settings: Settings
        let routes: [RouteComparison]
        let largerPeakKiB: Int
        let smallerPeakKiB: Int
    }

    /// The target: a request costs the larger store at most this many times what it costs the smaller.
    static let costTarget = 1.10

    static func run(server executable: URL, settings: Settings, in directory: URL) async throws -> Result {
        let larger = try await ServedStore.start(
            server: executable, database: settings.database, users: settings.users, in: directory.appendingPathComponent("larger"))
        defer { larger.server.stop() }
        let smaller = try await ServedStore.start(
            server: executable, database: settings.againstDatabase, users: settings.againstUsers,
            in: directory.appendingPathComponent("smaller"))
        defer { smaller.server.stop() }

        var routes: [RouteComparison] = []
        func record(_ name: String, _ largerReport: WrkRun.Report, _ smallerReport: WrkRun.Report, ratio: Double) {
            let index = routes.firstIndex { $0.name == name } ?? routes.endIndex
            if index == routes.endIndex { routes.append(RouteComparison(name: name)) }
            routes[index].costRatios.append(ratio)
            routes[index].larger.append(largerReport)
            routes[index].smaller.append(smallerReport)
        }
        /// Measures both sides back to back, the larger first or the smaller.
        func inTurns<T>(largerFirst: Bool, _ measure: (ServedStore) async throws -> T) async throws -> (larger: T, smaller: T) {
            if largerFirst {
                let first = try await measure(larger)
                return (first, try await measure(smaller))
            }
            let first = try await measure(smaller)
            return (try await measure(larger), first)
        }
        for round in 0..<settings.rounds {
            let largerFirst = round % 2 == 0
            for (index, route) in larger.routes.enumerated() {
                let (largerReport, smallerReport) = try await inTurns(largerFirst: largerFirst) { served in
                    try await WrkRun.run(
                        served.routes[index].load, base: served.server.baseURL, connections: settings.connections, seconds: settings.seconds,
                        in: directory)
                }
                record(
                    route.name, largerReport, smallerReport,
                    ratio: smallerReport.requestsPerSecond / max(largerReport.requestsPerSecond, 0.001))
            }
            // Log-ins one at a time, each after a hash alone: each side's log-in against its own
            // hashes, so that the hash's drift between the two sides cancels.
            let (largerPairs, smallerPairs) = try await inTurns(largerFirst: largerFirst) { served in
                try await served.pairedLogIns.run(seconds: settings.seconds, minimumPairs: 2 * settings.seconds)
            }
            record(
                ServedStore.emailPasswordRoute, largerPairs.report, smallerPairs.report,
                ratio: (largerPairs.logIns.median / largerPairs.hash.median) / (smallerPairs.logIns.median / smallerPairs.hash.median))
        }
        return Result(
            store: larger.storeName, settings: settings, routes: routes, largerPeakKiB: larger.server.memoryKiB("VmHWM") ?? 0,
            smallerPeakKiB: smaller.server.memoryKiB("VmHWM") ?? 0)
    }

    /// The middle value (the mean of the two middle ones for an even count); 0 for none.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
