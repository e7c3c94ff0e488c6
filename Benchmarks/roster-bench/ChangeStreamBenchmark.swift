import AsyncHTTPClient
import Foundation
import NIOCore
import RosterServerCore
import RosterWire
import Synchronization

/// Many change streams open on one `roster-server` on loopback: how long an insert takes to
/// reach all of them (from the write's start to the last stream's event, median and p99 over
/// rounds), and what they cost everything else (refreshes under wrk with them open against
/// without, alternating, as a ratio).
enum ChangeStreamBenchmark {
    struct Settings {
        var streams = 1_000
        var rounds = 50
        var refreshRounds = 3
        var refreshSeconds = 5
        var connections = 64
        /// A `postgres://` URL; a fresh SQLite file when nil.
        var database: String?
    }

    struct Result {
        let store: String
        let streams: Int
        /// From the write's start to the last stream's event, one per round, ms.
        let toLast: Timing
        /// From the write's start to the median stream's event, ms.
        let toMedian: Timing
        /// Refreshes a second with the streams open and without, one pair per round.
        let refreshes: [(open: Double, closed: Double)]
        /// The median of the rounds' ratios, open over closed.
        var refreshRatio: Double {
            let ratios = refreshes.map { $0.open / $0.closed }.sorted()
            return ratios.isEmpty ? 0 : ratios[ratios.count / 2]
        }
    }

    static func run(server executable: URL, settings: Settings, in directory: URL) async throws -> Result {
        let served = try await ServedStore.start(
            server: executable, database: settings.database, users: 100, in: directory.appendingPathComponent("store")
        ) { config in
            // A collection every user reads, watched from one user's many streams.
            config.rules.append(DataRule(database: "bench", collection: "feed", read: .all, write: .all))
            config.limits.changeStreamsPerUser = 1_000
        }
        defer { served.server.stop() }
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: settings.streams + 16)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let result = try await measure(settings, served: served, client: client, in: directory)
            try? await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private static func measure(_ settings: Settings, served: ServedStore, client: HTTPClient, in directory: URL) async throws -> Result {
        let base = served.server.baseURL
        let login = try await ServedStore.call(
            client, base + Route.login(appId: "roster-demo", provider: .emailPassword),
            body: ["username": "generated-1@example.invalid", "password": .string(ServedStore.password)], as: LoginResponse.self)

        // The write-to-event time over the rounds.
        let arrivals = Arrivals(streams: settings.streams, rounds: settings.rounds)
        var streams = try await open(settings.streams, client: client, base: base, token: login.accessToken, arrivals: arrivals)
        var toLast: [Double] = []
        var toMedian: [Double] = []
        for round in 0..<settings.rounds {
            let started = ContinuousClock.now
            arrivals.start(round: round, at: started)
            _ = try await ServedStore.call(
                client, base + Route.functionCall(appId: "roster-demo"),
                body: ["name": "insertOne", "service": "mongodb-atlas",
                       "arguments": [["database": "bench", "collection": "feed", "document": ["round": .int(Int64(round))]]]],
                bearer: login.accessToken, as: JSONValue.self)
            let times = try await arrivals.waitForAll(round: round, within: .seconds(30))
            toLast.append(times.last ?? 0)
            toMedian.append(times[times.count / 2])
            try await Task.sleep(for: .milliseconds(50))
        }

        // Refreshes with the streams open and without, in turns.
        var refreshes: [(open: Double, closed: Double)] = []
        let refresh = served.refresh.load
        for round in 0..<settings.refreshRounds {
            var pair: (open: Double, closed: Double) = (0, 0)
            for withStreams in round % 2 == 0 ? [true, false] : [false, true] {
                if withStreams, streams.isEmpty {
                    streams = try await open(settings.streams, client: client, base: base, token: login.accessToken, arrivals: arrivals)
                } else if !withStreams {
                    for stream in streams { stream.cancel() }
                    streams = []
                    try await Task.sleep(for: .seconds(1))
                }
                let report = try await WrkRun.run(
                    refresh, base: base, connections: settings.connections, seconds: settings.refreshSeconds, in: directory)
                if withStreams { pair.open = report.requestsPerSecond } else { pair.closed = report.requestsPerSecond }
            }
            refreshes.append(pair)
        }
        for stream in streams { stream.cancel() }
        return Result(
            store: served.storeName, streams: settings.streams, toLast: Timing(milliseconds: toLast.sorted()),
            toMedian: Timing(milliseconds: toMedian.sorted()), refreshes: refreshes)
    }

    /// Opens `count` streams of `bench.feed`, each read by a task of its own that notes when each
    /// round's insert arrives; answers once every stream's head has come.
    private static func open(_ count: Int, client: HTTPClient, base: String, token: String, arrivals: Arrivals) async throws -> [Task<Void, Never>] {
        let call: JSONValue = [
            "name": "watch", "service": "mongodb-atlas", "arguments": [["database": "bench", "collection": "feed"]],
        ]
        let encoded = Data(call.compactText.utf8).base64EncodedString().addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let url = base + Route.functionCall(appId: "roster-demo") + "?baas_request=" + encoded
        let opened = Opened()
        var tasks: [Task<Void, Never>] = []
        for index in 0..<count {
            tasks.append(Task {
                var request = HTTPClientRequest(url: url)
                request.headers.add(name: "authorization", value: "Bearer \(token)")
                do {
                    let response = try await client.execute(request, deadline: .distantFuture)
                    guard response.status == .ok else { throw BenchmarkFailure("a watch was answered \(response.status.code)") }
                    opened.note(ok: true)
                    var pending = ""
                    for try await chunk in response.body {
                        pending += String(buffer: chunk)
                        while let end = pending.range(of: "\n\n") {
                            let event = pending[..<end.lowerBound]
                            pending = String(pending[end.upperBound...])
                            if let round = Self.round(in: event) { arrivals.arrived(stream: index, round: round) }
                        }
                    }
                } catch {
                    opened.note(ok: false)
                }
            })
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while opened.count < count {
            guard ContinuousClock.now < deadline else { throw BenchmarkFailure("only \(opened.count) of \(count) streams opened") }
            if opened.failures > 0 { throw BenchmarkFailure("\(opened.failures) streams could not be opened") }
            try await Task.sleep(for: .milliseconds(20))
        }
        return tasks
    }

    /// The `round` of an event's inserted document.
    static func round(in event: Substring) -> Int? {
        guard let range = event.range(of: "\"round\":") else { return nil }
        return Int(event[range.upperBound...].prefix { $0.isNumber })
    }

    /// How many streams opened, and how many failed.
    private final class Opened: Sendable {
        private let state = Mutex((ok: 0, failed: 0))
        func note(ok: Bool) { state.withLock { ok ? ($0.ok += 1) : ($0.failed += 1) } }
        var count: Int { state.withLock { $0.ok } }
        var failures: Int { state.withLock { $0.failed } }
    }

    /// When each stream saw each round's insert.
    private final class Arrivals: Sendable {
        private let state: Mutex<(started: [ContinuousClock.Instant?], seen: [[Double]])>
        let streams: Int

        init(streams: Int, rounds: Int) {
            self.streams = streams
            state = Mutex((Array(repeating: nil, count: rounds), Array(repeating: [], count: rounds)))
        }

        func start(round: Int, at instant: ContinuousClock.Instant) {
            state.withLock { $0.started[round] = instant }
        }

        func arrived(stream: Int, round: Int) {
            let now = ContinuousClock.now
            state.withLock { state in
                guard round < state.started.count, let started = state.started[round] else { return }
                let elapsed = now - started
                state.seen[round].append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            }
        }

        /// Each stream's time for the round, sorted, once all have it.
        func waitForAll(round: Int, within limit: Duration) async throws -> [Double] {
            let deadline = ContinuousClock.now + limit
            while true {
                let seen = state.withLock { $0.seen[round] }
                if seen.count >= streams { return seen.sorted() }
                guard ContinuousClock.now < deadline else {
                    throw BenchmarkFailure("round \(round): \(seen.count) of \(streams) streams saw the insert")
                }
                try await Task.sleep(for: .milliseconds(1))
            }
        }
    }
}
