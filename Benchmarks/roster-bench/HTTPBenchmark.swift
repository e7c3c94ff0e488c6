import Foundation

/// The server's routes under wrk on loopback: the cheapest route (`/location`) as the ceiling,
/// then every route a client calls again and again (`ServedStore.routes`), and email/password
/// log-ins paired with a hash, over a store filled with `users` users, on SQLite or PostgreSQL;
/// then the ceiling and a refresh with a browser's `Origin` and without (`OriginComparison`).
/// Optionally a long refresh run that watches the server's memory.
enum HTTPBenchmark {
    struct Settings {
        var users = 1_000
        var connections = 64
        var seconds = 10
        /// A `postgres://` URL; a fresh SQLite file when nil.
        var database: String?
        /// How long the memory run lasts (0: none); its first minute is the baseline.
        var soakSeconds = 0
        /// Rounds of the ceiling and a refresh with an `Origin` header and without (0: none).
        var originRounds = 4
    }

    struct Row {
        let name: String
        let connections: Int
        let report: WrkRun.Report
    }

    struct Soak {
        let seconds: Int
        let afterFirstMinuteKiB: Int
        let atEndKiB: Int
    }

    struct Result {
        let store: String
        let users: Int
        let rows: [Row]
        /// One scrypt at the app's cost, measured in this process, each just before an
        /// email/password log-in.
        let kdf: Timing
        /// The ceiling and a refresh with an `Origin` header against without.
        let origin: [OriginComparison.Route]
        let soak: Soak?
        let peakKiB: Int
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(server executable: URL, settings: Settings, in directory: URL) async throws -> Result {
        let served = try await ServedStore.start(
            server: executable, database: settings.database, users: settings.users, in: directory.appendingPathComponent("store"))
        defer { served.server.stop() }

        var rows: [Row] = []
        for route in served.routes {
            let report = try await WrkRun.run(
                route.load, base: served.server.baseURL, connections: settings.connections, seconds: settings.seconds, in: directory)
            rows.append(Row(name: route.name, connections: settings.connections, report: report))
        }
        // One at a time, each a different user, each after one hash alone: what a log-in costs
        // beyond its password hash: four pairs for each second a route runs (40 by default, about
        // 20 s), so that the median stands on enough of them.
        let paired = try await served.pairedLogIns.run(seconds: settings.seconds, minimumPairs: 4 * settings.seconds)
        rows.append(Row(name: ServedStore.emailPasswordRoute, connections: 1, report: paired.report))
        let origin = try await OriginComparison.run(
            served, rounds: settings.originRounds, connections: settings.connections, seconds: settings.seconds, in: directory)

        var soak: Soak?
        if settings.soakSeconds > 0 {
            let refresh = served.refresh
            let first = min(60, settings.soakSeconds)
            let base = served.server.baseURL
            _ = try await WrkRun.run(refresh.load, base: base, connections: settings.connections, seconds: first, in: directory)
            let baseline = served.server.memoryKiB("VmRSS") ?? 0
            if settings.soakSeconds > first {
                _ = try await WrkRun.run(
                    refresh.load, base: base, connections: settings.connections, seconds: settings.soakSeconds - first, in: directory)
            }
            soak = Soak(seconds: settings.soakSeconds, afterFirstMinuteKiB: baseline, atEndKiB: served.server.memoryKiB("VmRSS") ?? 0)
        }
        let peak = served.server.memoryKiB("VmHWM") ?? 0
        return Result(store: served.storeName, users: settings.users, rows: rows, kdf: paired.hash, origin: origin, soak: soak, peakKiB: peak)
    }
}
