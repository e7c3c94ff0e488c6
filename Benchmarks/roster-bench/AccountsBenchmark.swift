import Foundation
import RosterServer
import RosterServerCore
import RosterWire

/// Whether an email has an account shows in no answer's time: a wrong password against an
/// unknown email at log-in, and `reset/send` for a known against an unknown email, timed in
/// rounds on the embedded server in this process, the side that goes first alternating; each
/// figure is the median of the rounds' ratios, unknown over known. Beside them, a refused log-in
/// over the hold it is answered after (`limitedLoginHoldMilliseconds`).
enum AccountsBenchmark {
    /// Unknown over known, round by round, and each side's times.
    struct Comparison {
        let known: Timing
        let unknown: Timing
        let ratios: [Double]

        var median: Double { ratios.sorted()[ratios.count / 2] }
        var range: (Double, Double) { (ratios.min() ?? 0, ratios.max() ?? 0) }
    }

    struct Result {
        let login: Comparison
        let resetSend: Comparison
        let refused: Timing
        let holdMilliseconds: Int
    }

    static let known = "known@example.com"
    static let unknown = "unknown@example.com"

    static func run(rounds: Int, in directory: URL) async throws -> Result {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The demo app's scrypt cost, with limits that never refuse the rounds' guesses (a
        // thousand free failures: `--rounds` stays under it).
        var config = try AppConfig.demo()
        config.limits = LimitsConfig(
            freeFailures: 1_000, failuresPerAccountPerHour: 1_000_000, failuresPerAddressPerHour: 1_000_000,
            accountMessagesPerEmailPerHour: 1_000_000, accountMessagesPerAddressPerHour: 1_000_000)
        let server = try await RosterServer.open(sqliteFile: directory.appendingPathComponent("accounts.sqlite").path, apps: [config])
        try await register(known, on: server, app: config.appId)
        let login = { (email: String) in loginRequest(email, "wrong-password", app: config.appId) }
        let loginTimes = try await compare(rounds: rounds, status: 401, on: server, known: login(known), unknown: login(unknown))
        let reset = { (email: String) in
            WireRequest(
                method: .post, path: Route.emailPassword(appId: config.appId, .resetSend), headers: ["content-type": "application/json"],
                body: JSONValue.object(["email": .string(email)]).data)
        }
        let resetTimes = try await compare(rounds: rounds, status: 204, on: server, known: reset(known), unknown: reset(unknown))

        // One free failure, then every guess waits: each is refused after the hold.
        var limited = try AppConfig.demo()
        limited.limits = LimitsConfig(freeFailures: 1, failuresPerAddressPerHour: 1_000_000, limitedLoginHoldMilliseconds: 300)
        let guarded = try await RosterServer.open(sqliteFile: directory.appendingPathComponent("limited.sqlite").path, apps: [limited])
        try await register(known, on: guarded, app: limited.appId)
        let guess = loginRequest(known, "wrong-password", app: limited.appId)
        var refused: [Double] = []
        for _ in 0..<(rounds * 4) where refused.count < rounds {
            let (answer, milliseconds) = await timed { await guarded.respond(to: guess) }
            if answer.status == 429 { refused.append(milliseconds) }
        }
        guard !refused.isEmpty else { throw BenchmarkFailure("no guess was refused") }
        return Result(
            login: loginTimes, resetSend: resetTimes, refused: Timing(milliseconds: refused.sorted()),
            holdMilliseconds: limited.limits.limitedLoginHoldMilliseconds)
    }

    static func compare(rounds: Int, status: Int, on server: RosterServer, known: WireRequest, unknown: WireRequest) async throws
        -> Comparison
    {
        // One of each first, untimed: the first hash of a process pays its warm-up.
        _ = await server.respond(to: known)
        _ = await server.respond(to: unknown)
        var times: ([Double], [Double]) = ([], [])
        var ratios: [Double] = []
        for round in 0..<rounds {
            var pair: (known: Double, unknown: Double) = (0, 0)
            for side in round % 2 == 0 ? [true, false] : [false, true] {
                let (answer, milliseconds) = await timed { await server.respond(to: side ? known : unknown) }
                guard answer.status == status else {
                    throw BenchmarkFailure("the server answered \(answer.status), not \(status): \(String(decoding: answer.body, as: UTF8.self))")
                }
                if side { pair.known = milliseconds } else { pair.unknown = milliseconds }
            }
            times.0.append(pair.known)
            times.1.append(pair.unknown)
            ratios.append(pair.unknown / pair.known)
        }
        return Comparison(known: Timing(milliseconds: times.0.sorted()), unknown: Timing(milliseconds: times.1.sorted()), ratios: ratios)
    }

    private static func register(_ email: String, on server: RosterServer, app: String) async throws {
        let answer = await server.respond(to: WireRequest(
            method: .post, path: Route.emailPassword(appId: app, .register), headers: ["content-type": "application/json"],
            body: JSONValue.object(["email": .string(email), "password": "bench-password-1"]).data))
        guard answer.status == 201 else { throw BenchmarkFailure("registering \(email) answered \(answer.status)") }
    }

    private static func loginRequest(_ email: String, _ password: String, app: String) -> WireRequest {
        WireRequest(
            method: .post, path: Route.login(appId: app, provider: .emailPassword), headers: ["content-type": "application/json"],
            body: JSONValue.object(["username": .string(email), "password": .string(password)]).data)
    }

    private static func timed(_ body: () async -> WireResponse) async -> (WireResponse, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let answer = await body()
        return (answer, Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }
}
