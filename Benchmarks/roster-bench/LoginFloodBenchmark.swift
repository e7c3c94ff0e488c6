import Foundation
import RosterServer
import RosterServerAssembly
import RosterServerCore
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
        /// The second client alone, before the flood: what the machine gives without it.
        let quiet: PairedLogIns.Result
        /// The second client during the flood, each log-in right after one password hash alone in
        /// this process: the KDF cost of the same minute (a shared machine's speed drifts over
        /// the minutes of a run, and a hash an hour or a minute away would measure another machine).
        let underFlood: PairedLogIns.Result
        /// Answers to the flood by status (0: no answer).
        let flood: [Int: Int]
        let peakKiB: Int
        let highestSampledKiB: Int
        /// The server's processor time during the flood, in seconds.
        let serverCPU: Double
        let limits: LimitsConfig
        let cost: PasswordHashingConfig

        /// The KDF cost: the hashes alone during the flood, each just before a log-in.
        var kdf: Timing { underFlood.hash }
        var logins: Timing { underFlood.logIns }
    }

    static let victim = "joe@example.com"

    static func run(server executable: URL, settings: Settings, in directory: URL) async throws -> Result {
        // The demo users (Joe is the one guessed at) and the users the second client logs in as.
        let demo = try await DemoUnderLoad.start(executable: executable, users: settings.users, in: directory)
        let (config, server, secondClient) = (demo.config, demo.server, demo.secondClient)
        defer { server.stop() }

        // The second client alone first (which also warms the paths).
        let quiet = try await secondClient.run(seconds: min(15, settings.seconds), minimumPairs: 1)

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
        async let second = secondClient.run(seconds: settings.seconds, minimumPairs: 1)
        let (floodReport, underFlood) = try await (flood, second)
        var floodCounts = floodReport.statuses
        if floodReport.socketErrors > 0 { floodCounts[0, default: 0] += floodReport.socketErrors }
        sampler.cancel()
        let highest = await sampler.value
        let peak = server.memoryKiB("VmHWM") ?? 0
        let cpu = (server.cpuSeconds() ?? 0) - cpuBefore
        server.stop()
        return Result(
            quiet: quiet, underFlood: underFlood, flood: floodCounts, peakKiB: peak, highestSampledKiB: highest, serverCPU: cpu,
            limits: config.limits, cost: config.passwordHashing)
    }
}
