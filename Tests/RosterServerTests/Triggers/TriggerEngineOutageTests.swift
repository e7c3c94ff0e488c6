import Foundation
import Logging
import RosterFunctions
import RosterWire
import Synchronization
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// A JavaScript engine that does not start, on a real server over each store: Node.js missing
/// (a path where there is none) or a worker that ends at start (`/bin/false` in Node's place),
/// the only fakes here, since a real Node.js does start. A client is told to come back; a
/// trigger's event is kept unrun, its claim not counted, the outage logged once, and a server
/// started later over the same store with a real engine runs it once.
@Suite(.timeLimit(.minutes(2))) struct TriggerEngineOutageTests {
    static func config() -> AppConfig {
        var config = TriggerTests.config([TriggerTests.database(["insert"])])
        config.functions["logNow"] = FunctionConfig(source: TriggerTests.logEvent)
        config.functions["authFunc"] = FunctionConfig(source: "exports = (payload) => payload.pin;", isPrivate: true)
        config.providers.customFunction = CustomFunctionConfig(functionName: "authFunc")
        return config
    }

    /// The event once no claim holds it (at most ten seconds: the background worker may be
    /// trying it).
    static func released(_ store: any TriggerEventStore, _ key: String) async throws -> TriggerEventRecord? {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            let record = try await store.triggerEvent(appId: TestConfig.appId, trigger: "onOrder", key: key)
            if (record?.attempts == 0 && record?.leaseUntil == nil) || record?.state != .pending || ContinuousClock.now > deadline {
                return record
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test(arguments: StoreKind.allCases, ["/nonexistent/roster-test-node", "/bin/false"])
    func anEventWaitsForTheEngineAndRunsOnceOneStarts(_ kind: StoreKind, _ node: String) async throws {
        let lines = LogLines()
        let t = try await TestServer.make(Self.config(), store: kind) { environment in
            environment.functionRuntime = NodeFunctionRuntime(node: node)
            environment.logger = Logger(label: "test") { _ in LogLines.Handler(lines: lines) }
        }
        // A client is told to come back, in words that do not name the engine's paths.
        let ann = try await t.loggedIn(.anonymous)
        let refused = await t.call(
            .post, Route.functionCall(appId: t.appId), json: ["name": "logNow", "arguments": [[:]]], bearer: ann.accessToken)
        #expect(refused.status == 503 && refused.errorCode == "ServiceUnavailable" && refused.headers["retry-after"] != nil)
        #expect(refused.errorMessage == "functions cannot run on this server just now; try again later")
        // A log-in by a custom function is not refused as if its credentials were wrong.
        let login = await t.login(.customFunction, ["pin": "1234"])
        #expect(login.status == 503 && login.errorCode == "ServiceUnavailable", "\(login.errorMessage ?? "")")

        let triggers = try #require(t.server.services.login.triggers)
        try await triggers.store.enqueueTriggerEvents([TriggerFailureTests.event("onOrder", "change:901", item: "cake", at: t.clock.now)])
        await triggers.runDue(appId: t.appId)
        let waiting = try #require(try await Self.released(triggers.store, "change:901"))
        #expect(waiting.state == .pending && waiting.attempts == 0)
        #expect(abs(waiting.notBefore.timeIntervalSince(t.clock.now) - 5) < 0.01, "tried again in 5 s, not at once")
        // Not due before its pause is over: nothing is tried.
        #expect(await triggers.runDue(appId: t.appId) == 0)
        #expect(lines.all.filter { $0.contains("trigger functions cannot run") }.count == 1, "\(lines.all)")
        #expect(lines.all.contains { $0.contains("trigger functions cannot run: the Node.js worker did not start") })

        // Restarted with an engine that starts: the event runs, once.
        await triggers.stop()
        let second = try await t.reopen(Self.config())
        let secondTriggers = try #require(second.services.login.triggers)
        t.clock.advance(by: 5)
        await secondTriggers.runDue(appId: t.appId)
        let ran = try await TriggerFailureTests.settled(secondTriggers.store, "onOrder", "change:901")
        #expect(ran?.state == .done && ran?.attempts == 1)
        #expect(try await TriggerTests.logged(second, count: 1).map { $0["fullDocument"]?["item"] } == ["cake"])
        #expect(try await TriggerTests.logged(second).count == 1)
    }

    /// Counts the executions it is asked for, and hands them to the runtime it wraps.
    final class CountingRuntime: FunctionRuntime {
        let runtime: any FunctionRuntime
        let count = Mutex(0)

        init(_ runtime: any FunctionRuntime) { self.runtime = runtime }

        func run(_ execution: FunctionExecution, host: any FunctionHost) async throws -> JSONValue {
            count.withLock { $0 += 1 }
            return try await runtime.run(execution, host: host)
        }
    }

    /// While the engine does not start, a batch of events costs one try, not one each: the rest
    /// of the batch waits unrun, and the events after it are not claimed until the next wake.
    @Test func aBatchWaitingForTheEngineTriesItOnce() async throws {
        let counting = CountingRuntime(NodeFunctionRuntime(node: "/nonexistent/roster-test-node"))
        let t = try await TestServer.make(Self.config()) { environment in environment.functionRuntime = counting }
        let triggers = try #require(t.server.services.login.triggers)
        // No background worker: this test claims the events itself.
        await triggers.stop()
        let events = (1...20).map { TriggerFailureTests.event("onOrder", "change:\($0)", item: "tea", at: t.clock.now) }
        try await triggers.store.enqueueTriggerEvents(events)
        let batch = await triggers.runBatch(appId: t.appId)
        #expect(batch.claimed == TriggerService.claimBatch && batch.engineDown)
        #expect(counting.count.withLock { $0 } == 1)
        // The batch waits its pause; the events after it were never claimed.
        var waiting = 0
        for n in 1...20 {
            let record = try #require(try await triggers.store.triggerEvent(appId: t.appId, trigger: "onOrder", key: "change:\(n)"))
            #expect(record.state == .pending && record.attempts == 0 && record.leaseUntil == nil)
            if record.notBefore > t.clock.now { waiting += 1 }
        }
        #expect(waiting == TriggerService.claimBatch)
    }
}
