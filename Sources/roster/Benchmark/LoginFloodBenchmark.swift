import AsyncHTTPClient
import Foundation
import RosterServer
import RosterWire

/// A password-guessing flood against one account of a real `roster-server` on loopback, while a
/// second client logs other users in: what the flood costs everyone else (the second client's
/// latency against the KDF cost), the server's memory, and how many guesses were checked.
enum LoginFloodBenchmark {
    struct Settings {
        var connections = 64
        var seconds = 60
        var users = 20
    }

    struct Result {
        /// The password hash alone in this process, ten times before the server starts and ten
        /// times after the flood: a shared machine's speed drifts over the minutes of a run.
        let kdfBefore: Timing
        let kdfAfter: Timing
        /// The second client alone, before the flood: what the machine gives without it.
        let quiet: Timing
        let logins: Timing
        /// Answers to the second client other than 200, by status.
        let loginFailures: [Int: Int]
        /// Answers to the flood by status (0: no answer).
        let flood: [Int: Int]
        let peakKiB: Int
        let highestSampledKiB: Int
        /// The server's processor time during the flood, in seconds.
        let serverCPU: Double
        let limits: LimitsConfig
        let cost: PasswordHashingConfig

        /// The KDF cost over the run: both sets of hashes together.
        var kdf: Timing { Timing(milliseconds: (kdfBefore.milliseconds + kdfAfter.milliseconds).sorted()) }
    }

    static let victim = "joe@example.com"

    static func run(server executable: URL, settings: Settings, in directory: URL) async throws -> Result {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = try AppConfig.demo()
        let database = directory.appendingPathComponent("server.sqlite").path

        // The demo users (Joe is the one guessed at) and the users the second client logs in as.
        let setup = try await RosterServer.open(databasePath: database, apps: [config])
        try await setup.seedDemoUsers(appId: config.appId)
        for index in 0..<settings.users {
            _ = try await setup.admin.createEmailUser(appId: config.appId, email: "user\(index)@example.com", password: "password-\(index)")
        }
        let hashAlone = { try Timing.measure(runs: 10) { _ in try config.passwordHashing.deriveOnce("a wrong password") } }
        let kdfBefore = try hashAlone()

        let server = try LoopbackServer.start(executable: executable, arguments: ["serve", "--db", database, "--demo"])
        defer { server.stop() }
        let url = server.baseURL + Route.login(appId: config.appId, provider: .emailPassword)

        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)

        // The second client alone first (which also opens its connection and warms the paths).
        let (quiet, _) = await secondClient(
            client, url, users: settings.users, until: ContinuousClock.now + .seconds(min(15, settings.seconds)))

        let deadline = ContinuousClock.now + .seconds(settings.seconds)
        let cpuBefore = server.cpuSeconds() ?? 0
        let pid = String(server.process.processIdentifier)
        let sampler = Task {
            var highest = 0
            while !Task.isCancelled {
                highest = max(highest, PeakMemory.kiB("VmRSS", of: pid) ?? 0)
                try? await Task.sleep(for: .milliseconds(250))
            }
            return highest
        }
        // The flood comes from wrk, a process of its own at the lowest priority: an attacker's
        // machine is not the server's, so the tool that plays it must not take the processor
        // time the server and the second client would otherwise have.
        let guess: JSONValue = ["username": .string(victim), "password": "wrong-guess"]
        let load = WrkRun.Load(
            method: "POST", path: Route.login(appId: config.appId, provider: .emailPassword), headers: ["content-type": "application/json"],
            bodies: [guess.compactText], countsStatuses: true)
        let base = server.baseURL
        async let flood = WrkRun.run(
            load, base: base, connections: settings.connections, seconds: settings.seconds, threads: 1, niceness: 19,
            timeoutSeconds: 30, in: directory)
        async let second = secondClient(client, url, users: settings.users, until: deadline)
        let (floodReport, (latencies, failures)) = try await (flood, second)
        var floodCounts = floodReport.statuses
        if floodReport.socketErrors > 0 { floodCounts[0, default: 0] += floodReport.socketErrors }
        sampler.cancel()
        let highest = await sampler.value
        let peak = server.memoryKiB("VmHWM") ?? 0
        let cpu = (server.cpuSeconds() ?? 0) - cpuBefore
        server.stop()
        try await client.shutdown()
        let kdfAfter = try hashAlone()
        return Result(
            kdfBefore: kdfBefore, kdfAfter: kdfAfter, quiet: Timing(milliseconds: quiet.sorted()), logins: Timing(milliseconds: latencies.sorted()), loginFailures: failures, flood: floodCounts, peakKiB: peak,
            highestSampledKiB: highest, serverCPU: cpu, limits: config.limits, cost: config.passwordHashing)
    }

    /// Logs the users in one after another, round the list, until `deadline`; the times of the
    /// log-ins that succeeded, and the statuses of those that did not.
    private static func secondClient(_ client: HTTPClient, _ url: String, users: Int, until deadline: ContinuousClock.Instant) async
        -> ([Double], [Int: Int])
    {
        var latencies: [Double] = []
        var failures: [Int: Int] = [:]
        var index = 0
        while ContinuousClock.now < deadline {
            let started = ContinuousClock.now
            let status = await status(of: client, url, login: "user\(index)@example.com", "password-\(index)")
            let elapsed = ContinuousClock.now - started
            if status == 200 {
                latencies.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            } else {
                failures[status, default: 0] += 1
            }
            index = (index + 1) % users
        }
        return (latencies, failures)
    }

    /// POSTs an email/password log-in; the answer's status, 0 when none came.
    private static func status(of client: HTTPClient, _ url: String, login email: String, _ password: String) async -> Int {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        let body: JSONValue = ["username": .string(email), "password": .string(password)]
        request.body = .bytes(Array(body.data))
        do {
            let response = try await client.execute(request, timeout: .seconds(30))
            for try await _ in response.body {}
            return Int(response.status.code)
        } catch {
            return 0
        }
    }
}
