import AsyncHTTPClient
import Foundation
import NIOCore
import RosterServer
import RosterServerAssembly
import RosterServerCore
import RosterWire

/// Email/password log-ins one at a time, each of a different user, each right after one
/// password hash computed alone in this process: what a log-in costs beyond its hash, measured
/// in pairs a moment apart, so that a machine whose speed drifts during the run (as a shared VM's
/// does) moves both figures alike. The server is idle while the hash runs, and this process
/// waits while the server logs in; whatever else runs meanwhile (a flood, in
/// `benchmark-login-flood`) runs during both.
struct PairedLogIns {
    /// Where the server listens (a restarted one listens elsewhere).
    var base: String
    let appId: String
    let hashing: PasswordHashingConfig
    /// The generated users' emails to log in, in turn.
    let emails: [String]
    let password: String

    struct Result {
        let hash: Timing
        let logIns: Timing
        /// Each log-in less the hash just before it.
        let beyondHash: Timing
        /// Log-ins answered with anything but a 2xx, by status.
        let failures: [Int: Int]
        let seconds: Double

        var failed: Int { failures.values.reduce(0, +) }

        /// The log-ins as one row of the table: one connection, one log-in at a time.
        var report: WrkRun.Report {
            WrkRun.Report(
                requestsPerSecond: Double(logIns.milliseconds.count) / max(seconds, 0.001), p50: logIns.median, p99: logIns.p99,
                requests: logIns.milliseconds.count, failedAnswers: failed, socketErrors: 0)
        }
    }

    /// Pairs until `seconds` have passed and at least `minimumPairs` were measured.
    func run(seconds: Int, minimumPairs: Int) async throws -> Result {
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        do {
            let result = try await measure(client, seconds: seconds, minimumPairs: minimumPairs)
            try await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private func measure(_ client: HTTPClient, seconds: Int, minimumPairs: Int) async throws -> Result {
        var hashes: [Double] = []
        var logIns: [Double] = []
        var failures: [Int: Int] = [:]
        let started = ContinuousClock.now
        while logIns.count < minimumPairs || ContinuousClock.now - started < .seconds(seconds) {
            hashes.append(try Timing.measure(runs: 1) { _ in try hashing.deriveOnce("a password") }.median)
            let email = emails[logIns.count % emails.count]
            var request = HTTPClientRequest(url: base + Route.login(appId: appId, provider: .emailPassword))
            request.method = .POST
            request.headers.add(name: "content-type", value: "application/json")
            request.body = .bytes(Array(JSONValue.object(["username": .string(email), "password": .string(password)]).data))
            let sent = ContinuousClock.now
            let response = try await client.execute(request, timeout: .seconds(30))
            _ = try await response.body.collect(upTo: 1 << 20)
            logIns.append(Self.milliseconds(ContinuousClock.now - sent))
            if !(200..<300).contains(response.status.code) { failures[Int(response.status.code), default: 0] += 1 }
        }
        return Result(
            hash: Timing(milliseconds: hashes.sorted()), logIns: Timing(milliseconds: logIns.sorted()),
            beyondHash: Timing(milliseconds: zip(logIns, hashes).map { $0 - $1 }.sorted()), failures: failures,
            seconds: logIns.reduce(0, +) / 1000)
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
