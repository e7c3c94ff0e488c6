import Foundation
import Logging
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// A trigger whose function fails, on a real server over each store: the event is settled as
/// failed after one run (App Services runs a trigger's function once, without retries), the
/// failure is logged with the trigger, the function's name and its words, and the trigger goes
/// on running the events after it.
@Suite(.timeLimit(.minutes(2))) struct TriggerFailureTests {
    /// Throws for an order of `bad`, and logs the others to `log.events`.
    static let refuse = """
        exports = async function(event) {
          if (event.fullDocument.item === 'bad') throw new Error('no stock for ' + event.fullDocument.item);
          await context.services.get('mongodb-atlas').db('log').collection('events').insertOne({ event });
        };
        """
    static let stall = "exports = async function() { await new Promise(() => {}); };"

    static func config() -> AppConfig {
        var config = TriggerTests.config([
            TriggerConfig(name: "onOrder", functionName: "refuse", event: .database(.init(database: "shop", collection: "orders", operationTypes: ["insert"]))),
            TriggerConfig(name: "onLateOrder", functionName: "stall", event: .database(.init(database: "shop", collection: "late", operationTypes: ["insert"]))),
        ])
        config.functions = [
            "refuse": FunctionConfig(source: refuse, isPrivate: true),
            "stall": FunctionConfig(source: stall, isPrivate: true, timeoutSeconds: 1),
        ]
        return config
    }

    static func event(_ trigger: String, _ key: String, item: String, at now: Date) -> TriggerEventRecord {
        let event: JSONValue = ["operationType": "insert", "fullDocument": ["item": .string(item)]]
        return TriggerEventRecord(appId: TestConfig.appId, trigger: trigger, key: key, event: event.compactText, notBefore: now, createdAt: now)
    }

    /// The event once it is settled (at most ten seconds: a background run may have claimed it).
    static func settled(_ store: any TriggerEventStore, _ trigger: String, _ key: String) async throws -> TriggerEventRecord? {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            let record = try await store.triggerEvent(appId: TestConfig.appId, trigger: trigger, key: key)
            if record?.state != .pending || ContinuousClock.now > deadline { return record }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test(arguments: StoreKind.allCases) func aFunctionThatThrowsOrRunsOutOfTimeFailsItsEventOnceAndIsLogged(_ kind: StoreKind) async throws {
        let lines = LogLines()
        let t = try await TestServer.make(Self.config(), store: kind) { environment in
            environment.logger = Logger(label: "test") { _ in LogLines.Handler(lines: lines) }
        }
        let triggers = try #require(t.server.services.login.triggers)
        try await triggers.store.enqueueTriggerEvents([
            Self.event("onOrder", "change:901", item: "bad", at: t.clock.now),
            Self.event("onOrder", "change:902", item: "cake", at: t.clock.now),
            Self.event("onLateOrder", "change:903", item: "tea", at: t.clock.now),
        ])
        await triggers.runDue(appId: t.appId)
        let thrown = try await Self.settled(triggers.store, "onOrder", "change:901")
        #expect(thrown?.state == .failed && thrown?.attempts == 1)
        let stalled = try await Self.settled(triggers.store, "onLateOrder", "change:903")
        #expect(stalled?.state == .failed && stalled?.attempts == 1)
        // The event after the failed one ran.
        #expect(try await Self.settled(triggers.store, "onOrder", "change:902")?.state == .done)
        #expect(try await TriggerTests.logged(t.server, count: 1).map { $0["fullDocument"]?["item"] } == ["cake"])

        let refused = { lines.all.filter { $0.contains("trigger function 'refuse' failed: no stock for bad") } }
        #expect(refused().count == 1 && refused().first?.contains("trigger=onOrder") == true, "\(lines.all)")
        let outOfTime = { lines.all.filter { $0.contains("trigger function 'stall' failed: execution time limit exceeded") } }
        #expect(outOfTime().count == 1 && outOfTime().first?.contains("trigger=onLateOrder") == true, "\(lines.all)")

        // Not run again, however long one waits.
        t.clock.advance(by: 7200)
        #expect(await triggers.runDue(appId: t.appId) == 0)
        #expect(try await triggers.store.triggerEvent(appId: t.appId, trigger: "onOrder", key: "change:901")?.attempts == 1)
        #expect(try await triggers.store.pendingTriggerEvents(appId: t.appId) == 0)
        #expect(refused().count == 1 && outOfTime().count == 1)
    }
}
