import Foundation
import RosterWire
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RosterServer
@testable import RosterServerCore
import RosterServerAssembly

/// Function commands run within per-app and per-caller limits: a caller past its share gets 429,
/// an app without a free place 503, both with Retry-After; a refused call runs nothing and
/// writes nothing, and other callers and apps go on.
@Suite struct FunctionLimitTests {
    /// Work that holds its place until `open` is called.
    final class Gate: Sendable {
        private let opened = Mutex(false)
        func open() { opened.withLock { $0 = true } }
        func wait() async { while !opened.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(1)) } }
    }

    /// Waits until the limiter shows `running` and `waiting`.
    static func until(_ limiter: FunctionLimiter, running: Int, waiting: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<5000 where limiter.load != (running, waiting) { try await Task.sleep(for: .milliseconds(2)) }
        #expect(limiter.load == (running, waiting), sourceLocation: sourceLocation)
    }

    // MARK: The limiter

    @Test func aCallerPastItsShareIsRefusedAtOnceAndOthersGoOn() async throws {
        let limiter = FunctionLimiter(perApp: 3, perCaller: 2, waitLimit: .zero)
        let gate = Gate()
        let ann = (1...2).map { n in Task { try await limiter.run(for: .user("ann")) { await gate.wait(); return n } } }
        try await Self.until(limiter, running: 2, waiting: 0)
        await #expect(throws: FunctionLimitReached(limit: .caller)) { try await limiter.run(for: .user("ann")) { 0 } }
        let bob = Task { try await limiter.run(for: .address("203.0.113.7")) { await gate.wait(); return 3 } }
        try await Self.until(limiter, running: 3, waiting: 0)
        await #expect(throws: FunctionLimitReached(limit: .app)) { try await limiter.run(for: .user("cy")) { 0 } }
        gate.open()
        #expect(try await ann[0].value + ann[1].value + bob.value == 6)
        try await Self.until(limiter, running: 0, waiting: 0)
        #expect(try await limiter.run(for: .user("ann")) { 7 } == 7)
    }

    @Test func aCallWaitsForTheNextPlaceOrGivesUpAtTheWaitLimit() async throws {
        let limiter = FunctionLimiter(perApp: 1, perCaller: 1, waitLimit: .seconds(60))
        let gate = Gate()
        let first = Task { try await limiter.run(for: .user("ann")) { await gate.wait(); return 1 } }
        try await Self.until(limiter, running: 1, waiting: 0)
        let second = Task { try await limiter.run(for: .user("bob")) { 2 } }
        try await Self.until(limiter, running: 1, waiting: 1)
        // Bob's one place is his waiting call.
        await #expect(throws: FunctionLimitReached(limit: .caller)) { try await limiter.run(for: .user("bob")) { 0 } }
        gate.open()
        #expect(try await first.value == 1)
        #expect(try await second.value == 2)
        try await Self.until(limiter, running: 0, waiting: 0)

        let impatient = FunctionLimiter(perApp: 1, perCaller: 1, waitLimit: .milliseconds(50))
        let held = Gate()
        let holder = Task { try await impatient.run(for: .user("ann")) { await held.wait() } }
        try await Self.until(impatient, running: 1, waiting: 0)
        await #expect(throws: FunctionLimitReached(limit: .app)) { try await impatient.run(for: .user("bob")) { 0 } }
        #expect(impatient.load == (1, 0))
        held.open()
        try await holder.value
        // Bob's given-up call no longer counts against him.
        #expect(try await impatient.run(for: .user("bob")) { 3 } == 3)
    }

    @Test func theLimitsAreReadFromTheAppsLimitsAndChecked() throws {
        let config = try AppConfig.parse(Data("""
            {"appId": "a", "limits": {"functionsPerApp": 4, "functionsPerCaller": 1, "functionWaitSeconds": 0}}
            """.utf8), source: "test")
        #expect(config.limits.functionsPerApp == 4 && config.limits.functionsPerCaller == 1 && config.limits.functionWaitSeconds == 0)
        let defaults = LimitsConfig()
        #expect(defaults.functionsPerApp == max(8, 2 * ProcessInfo.processInfo.activeProcessorCount))
        #expect(defaults.functionsPerCaller == 2 && defaults.functionWaitSeconds == 2)
        for bad in [
            #"{"functionsPerApp": 0}"#, #"{"functionsPerApp": 2, "functionsPerCaller": 3}"#, #"{"functionsPerCaller": 0}"#,
            #"{"functionWaitSeconds": -1}"#, #"{"functionWaitSeconds": 61}"#,
        ] {
            #expect(throws: AppConfigError.self, "\(bad)") {
                try AppConfig.parse(Data(#"{"appId": "a", "limits": \#(bad)}"#.utf8), source: "test")
            }
        }
    }

    // MARK: Over the routes

    /// Scripts that note each start in a file of their own and then wait for `release` (at most
    /// thirty seconds), so a test decides when they finish.
    struct Scripts {
        let directory: URL

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-function-limits-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        /// A command that runs `prelude` (which reads the input), records `note` under `log`,
        /// waits for `release()` (for two minutes at most, longer than a loaded machine takes to
        /// get there, so that it never answers early), then prints `answer` (`note` and `answer`
        /// are shell words).
        func waiting(_ log: String, prelude: String = "cat > /dev/null", note: String = "started", answer: String) throws
            -> FunctionConfig
        {
            let file = directory.appendingPathComponent("\(log).sh")
            try Data("""
                #!/bin/sh
                \(prelude)
                echo \(note) >> '\(directory.appendingPathComponent(log).path)'
                i=0
                while [ ! -e '\(directory.appendingPathComponent("release").path)' ] && [ $i -lt 4800 ]; do sleep 0.025; i=$((i+1)); done
                printf '%s' \(answer)
                """.utf8).write(to: file)
            return FunctionConfig(command: ["/bin/sh", file.path], timeoutSeconds: 60)
        }

        func release() throws { try Data().write(to: directory.appendingPathComponent("release")) }

        /// The notes the commands that ran wrote under `log`.
        func notes(_ log: String) -> [String] {
            let text = (try? String(contentsOf: directory.appendingPathComponent(log), encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map(String.init).sorted()
        }
    }

    static func app(_ appId: String, _ limits: LimitsConfig, functions: [String: FunctionConfig] = [:], customFunction: FunctionConfig? = nil)
        -> AppConfig
    {
        var config = TestConfig.app(appId: appId, customFunction: customFunction.map { CustomFunctionConfig(function: $0) })
        config.limits = limits
        config.functions = functions
        return config
    }

    @Test(arguments: StoreKind.allCases) func aUserPastItsShareGets429AFullApp503AndAnotherAppGoesOn(_ kind: StoreKind) async throws {
        let scripts = try Scripts()
        defer { try? FileManager.default.removeItem(at: scripts.directory) }
        let limits = LimitsConfig(functionsPerApp: 3, functionsPerCaller: 2, functionWaitSeconds: 0)
        let busy = Self.app("busy-app", limits, functions: ["slow": try scripts.waiting("busy-app", answer: #"'{"done": true}'"#)])
        let calm = Self.app("calm-app", limits, functions: ["slow": try scripts.waiting("calm-app", answer: #"'{"done": true}'"#)])
        let server = try await ServerAssembly.open(
            databasePath: try await kind.newDatabasePath(in: scripts.directory), apps: [busy, calm],
            environment: ServerEnvironment())
        let here = TestServer(server: server, directory: scripts.directory, clock: TestClock(), appId: busy.appId)
        let other = TestServer(server: server, directory: scripts.directory, clock: TestClock(), appId: calm.appId)
        let limiter = try #require(server.services.apps[busy.appId]?.functions)
        let (ann, bob, cy, dan) = (
            try await here.loggedIn(.anonymous), try await here.loggedIn(.anonymous), try await here.loggedIn(.anonymous),
            try await other.loggedIn(.anonymous)
        )
        @Sendable func call(_ on: TestServer, _ who: LoginResponse) async -> WireResponse {
            await on.call(.post, Route.functionCall(appId: on.appId), json: ["name": "slow"], bearer: who.accessToken)
        }

        let annCalls = (1...2).map { _ in Task { await call(here, ann) } }
        try await Self.until(limiter, running: 2, waiting: 0)
        // Ann hammers past her share: each call is refused at once.
        let annRefused = await withTaskGroup(of: WireResponse.self) { group in
            for _ in 1...10 { group.addTask { await call(here, ann) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for refused in annRefused {
            #expect(refused.status == 429 && refused.errorCode == "TooManyRequests")
            #expect(refused.headers["retry-after"] == "1")
        }
        // Bob takes the app's last place; Cy finds none.
        let bobCall = Task { await call(here, bob) }
        try await Self.until(limiter, running: 3, waiting: 0)
        for _ in 1...5 {
            let refused = await call(here, cy)
            #expect(refused.status == 503 && refused.errorCode == "ServiceUnavailable")
            #expect(refused.headers["retry-after"] == "1")
        }
        // Another app of the same server is not held up.
        let danCall = Task { await call(other, dan) }
        try await Self.until(try #require(server.services.apps[calm.appId]?.functions), running: 1, waiting: 0)

        try scripts.release()
        for admitted in annCalls + [bobCall, danCall] {
            let answer = await admitted.value
            #expect(answer.status == 200 && answer.json == ["done": true])
        }
        // Only the admitted calls ran their command.
        #expect(scripts.notes("busy-app").count == 3)
        #expect(scripts.notes("calm-app").count == 1)
        try await Self.until(limiter, running: 0, waiting: 0)
        #expect(await call(here, cy).status == 200)
    }

    /// A call whose client goes away is cancelled: its command is stopped and its place given
    /// back at once, not when the command would have ended.
    @Test func aCallWhoseClientGoesAwayIsCancelledAndItsPlaceGivenBack() async throws {
        let scripts = try Scripts()
        defer { try? FileManager.default.removeItem(at: scripts.directory) }
        let limits = LimitsConfig(functionsPerApp: 2, functionsPerCaller: 1, functionWaitSeconds: 0)
        let config = Self.app("gone-app", limits, functions: ["slow": try scripts.waiting("gone-app", answer: #"'{"done": true}'"#)])
        let server = try await ServerAssembly.open(
            databasePath: try await StoreKind.sqlite.newDatabasePath(in: scripts.directory), apps: [config], environment: ServerEnvironment())
        let here = TestServer(server: server, directory: scripts.directory, clock: TestClock(), appId: config.appId)
        let limiter = try #require(server.services.apps[config.appId]?.functions)
        let ann = try await here.loggedIn(.anonymous)
        try await withLoopbackServer(server) { port in
            let socket = try RawHTTPConnection(port: port, timeoutSeconds: 20)
            let body = #"{"name": "slow", "arguments": []}"#
            let request = "POST \(Route.functionCall(appId: config.appId)) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Authorization: Bearer \(try #require(ann.accessToken))\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
            socket.write(Array(request.utf8))
            try await Self.until(limiter, running: 1, waiting: 0)
            // The command has begun (a call admitted may not have started its process yet).
            for _ in 0..<5000 where scripts.notes("gone-app").isEmpty { try await Task.sleep(for: .milliseconds(2)) }
            socket.close()
            // Given back within the helper's ten seconds; the command would have waited two minutes.
            try await Self.until(limiter, running: 0, waiting: 0)
            #expect(scripts.notes("gone-app") == ["started"])
            try scripts.release()
            #expect(await here.call(.post, Route.functionCall(appId: config.appId), json: ["name": "slow"], bearer: ann.accessToken).status == 200)
        }
    }

    /// Custom-function log-ins have no user yet: they are counted per client address, here the
    /// addresses a trusted proxy on loopback names.
    @Test(arguments: StoreKind.allCases) func customFunctionLogInsAreLimitedPerAddressAndRefusedOnesWriteNothing(_ kind: StoreKind) async throws {
        let scripts = try Scripts()
        defer { try? FileManager.default.removeItem(at: scripts.directory) }
        let limits = LimitsConfig(functionsPerApp: 3, functionsPerCaller: 2, functionWaitSeconds: 0)
        let function = try scripts.waiting(
            "logins", prelude: "pin=$(cat | tr -dc 0-9)", note: #""$pin""#, answer: #""{\"id\": \"kiosk-$pin\"}""#)
        let config = Self.app("kiosk-app", limits, customFunction: function)
        let server = try await ServerAssembly.open(
            databasePath: try await kind.newDatabasePath(in: scripts.directory), apps: [config],
            environment: ServerEnvironment(trustedProxies: ["127.0.0.1"]))
        let limiter = try #require(server.services.apps[config.appId]?.functions)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let serving = Task { try await server.serve(host: "127.0.0.1", port: 0) { port in continuation.yield(port) } }
        defer { serving.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let url = "http://127.0.0.1:\(port)" + Route.login(appId: config.appId, provider: .customFunction)
        @Sendable func login(_ pin: String, from address: String) async throws -> (status: Int, retryAfter: String?) {
            try await Self.send(url, from: address, body: #"{"pin": "\#(pin)"}"#)
        }

        let first = Task { try await login("1", from: "203.0.113.7") }
        try await Self.until(limiter, running: 1, waiting: 0)
        let second = Task { try await login("2", from: "203.0.113.7") }
        try await Self.until(limiter, running: 2, waiting: 0)
        for n in 1...5 {
            let refused = try await login("9\(n)", from: "203.0.113.7")
            #expect(refused.status == 429 && refused.retryAfter == "1")
        }
        let elsewhere = Task { try await login("3", from: "198.51.100.9") }
        try await Self.until(limiter, running: 3, waiting: 0)
        let full = try await login("4", from: "192.0.2.50")
        #expect(full.status == 503 && full.retryAfter == "1")

        try scripts.release()
        for admitted in [first, second, elsewhere] { #expect(try await admitted.value.status == 200) }
        // The refused log-ins ran no command and made no user; they are in the audit trail.
        #expect(scripts.notes("logins") == ["1", "2", "3"])
        let users = try await server.admin.listUsers(appId: config.appId)
        #expect(users.count == 3)
        let limited = try await server.admin.audit(appId: config.appId, AuditQuery()).filter { $0.event == .loginLimited }
        #expect(limited.count == 6)
        #expect(Set(limited.compactMap(\.address)) == ["203.0.113.7", "192.0.2.50"])
        serving.cancel()
        _ = await serving.result
    }

    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        return URLSession(configuration: configuration)
    }()

    /// POSTs `body` as a trusted proxy forwarding for `address`.
    static func send(_ url: String, from address: String, body: String) async throws -> (status: Int, retryAfter: String?) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(address, forHTTPHeaderField: "X-Forwarded-For")
        request.httpBody = Data(body.utf8)
        // Admitted log-ins wait for the test to release their command, which a loaded machine
        // may take a while to reach.
        request.timeoutInterval = 180
        let (_, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        return (http.statusCode, http.value(forHTTPHeaderField: "Retry-After"))
    }
}
