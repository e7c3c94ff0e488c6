import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Triggers on a real server over each store: authentication triggers on a user's creation,
/// log-in and deletion, database triggers on a collection's changes, scheduled triggers on the
/// test clock's minutes. Each trigger's function writes the event it got to `log.events`, which
/// the tests read from the store.
@Suite(.timeLimit(.minutes(3))) struct TriggerTests {
    static let logEvent = """
        exports = async function(event) {
          const log = context.services.get('mongodb-atlas').db('log').collection('events');
          await log.insertOne({ kind: context.values.get('kind') ?? 'event', event });
        };
        """
    static let orders = DataRule(database: "shop", collection: "orders", read: .all, write: .all)

    static func config(_ triggers: [TriggerConfig]) -> AppConfig {
        var config = TestConfig.app(maxRequestBytes: 65536)
        config.rules = [orders, TestConfig.ownCustomData]
        config.functions = ["logEvent": FunctionConfig(source: logEvent, isPrivate: true)]
        config.triggers = triggers
        return config
    }

    static func database(
        _ operations: [String], match: JSONValue? = nil, fullDocument: Bool = false, before: Bool = false
    ) -> TriggerConfig {
        TriggerConfig(
            name: "onOrder", functionName: "logEvent",
            event: .database(.init(database: "shop", collection: "orders", operationTypes: operations, match: match, fullDocument: fullDocument, fullDocumentBeforeChange: before)))
    }

    /// The events the functions logged, in the order of their documents' ids.
    static func logged(_ server: RosterServer) async throws -> [JSONValue] {
        let store = try #require(server.services.login.triggers).store
        return try await store.documentPage(DocumentScope(appId: TestConfig.appId, database: "log", collection: "events"), after: nil, count: 1000)
            .compactMap { (try? JSONValue(parsing: $0.body))?["event"] }
    }

    /// Waits until `count` events are logged, and answers them. The bound is only for triggers
    /// that stop running: it is 60 s without a new event, not 60 s in all, as each run starts a
    /// Node.js worker or waits for one, which a loaded machine (the whole suite's servers at
    /// once, builds beside it) can make take seconds, and many runs take that many times over.
    static func logged(_ server: RosterServer, count: Int) async throws -> [JSONValue] {
        var seen = -1
        var deadline = ContinuousClock.now
        while true {
            let events = try await logged(server)
            if events.count >= count { return events }
            if events.count > seen { (seen, deadline) = (events.count, ContinuousClock.now + .seconds(60)) }
            if ContinuousClock.now > deadline { return events }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits until none of the app's events is pending (each claimed one run and settled), and
    /// answers how many are.
    static func settled(_ server: RosterServer) async throws -> Int {
        let store = try #require(server.services.login.triggers).store
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let pending = try await store.pendingTriggerEvents(appId: TestConfig.appId)
            if pending == 0 || ContinuousClock.now > deadline { return pending }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    static func write(_ t: TestServer, _ bearer: String, _ action: String, _ fields: JSONObject) async throws {
        var arguments: JSONObject = ["database": "shop", "collection": "orders"]
        arguments.merge(fields) { $1 }
        let body: JSONValue = ["name": .string(action), "service": "mongodb-atlas", "arguments": [.object(arguments)]]
        let answer = await t.call(.post, Route.functionCall(appId: t.appId), json: body, bearer: bearer)
        guard answer.status == 200 else { throw TestServer.Unexpected(response: answer) }
    }

    @Test(arguments: StoreKind.allCases) func authenticationTriggersRunOnCreationLogInAndDeletion(_ kind: StoreKind) async throws {
        let triggers = TriggerConfig.AuthenticationOperation.allCases.map { operation in
            TriggerConfig(name: "on\(operation.rawValue)", functionName: "logEvent", event: .authentication(operation: operation, providers: ["anon-user"]))
        }
        let t = try await TestServer.make(Self.config(triggers + [
            TriggerConfig(name: "onEmail", functionName: "logEvent", event: .authentication(operation: .create, providers: ["local-userpass"]))
        ]), store: kind)
        let ann = try await t.loggedIn(.anonymous)
        var events = try await Self.logged(t.server, count: 2)
        #expect(events.count == 2)
        let create = try #require(events.first { $0["operationType"] == "CREATE" })
        #expect(events.contains { $0["operationType"] == "LOGIN" })
        #expect(create["providers"] == ["anon-user"])
        #expect(create["user"]?["id"] == .string(ann.userId))
        #expect(create["user"]?["type"] == "normal")
        #expect(create["user"]?["identities"]?.arrayValue?.first?["provider_type"] == "anon-user")
        #expect(create["time"]?["$date"] != nil)
        #expect(await t.call(.delete, Route.delete, bearer: ann.accessToken).status == 204)
        events = try await Self.logged(t.server, count: 3)
        #expect(events.count == 3)
        #expect(events.contains { $0["operationType"] == "DELETE" && $0["user"]?["id"] == .string(ann.userId) })
    }

    @Test(arguments: StoreKind.allCases) func aDatabaseTriggerGetsTheChangeEventOfEachOperationItWatches(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(
            Self.config([Self.database(["insert", "update", "delete"], match: ["fullDocument.total": ["$gte": 10]], before: true)]), store: kind)
        let ann = try await t.loggedIn(.anonymous)
        try await Self.write(t, ann.accessToken, "insertOne", ["document": ["_id": 1, "total": 5]])
        try await Self.write(t, ann.accessToken, "insertOne", ["document": ["_id": 2, "total": 12, "note": "x"]])
        try await Self.write(t, ann.accessToken, "updateOne", ["query": ["_id": 2], "update": ["$set": ["total": 20], "$unset": ["note": ""]]])
        try await Self.write(t, ann.accessToken, "findOneAndReplace", ["filter": ["_id": 2], "update": ["total": 30]])
        let events = try await Self.logged(t.server, count: 2)
        // Order 1 is below the match; the replacement is not watched; a delete has no fullDocument to match.
        #expect(events.count == 2)
        let insert = try #require(events.first { $0["operationType"] == "insert" })
        #expect(insert["ns"] == ["db": "shop", "coll": "orders"])
        #expect(insert["documentKey"] == ["_id": 2])
        #expect(insert["fullDocument"] == ["_id": 2, "total": 12, "note": "x"])
        #expect(insert["_id"]?["_data"]?.stringValue?.count == 16)
        let update = try #require(events.first { $0["operationType"] == "update" })
        #expect(update["updateDescription"]?["updatedFields"] == ["total": 20])
        #expect(update["updateDescription"]?["removedFields"] == ["note"])
        // Without full_document an update's event carries no document; the one before is asked for.
        #expect(update["fullDocument"] == nil)
        #expect(update["fullDocumentBeforeChange"] == ["_id": 2, "total": 12, "note": "x"])
    }

    @Test(arguments: StoreKind.allCases) func aScheduledTriggerRunsOncePerMinuteAcrossInstances(_ kind: StoreKind) async throws {
        let config = Self.config([TriggerConfig(name: "everyMinute", functionName: "logEvent", event: .scheduled(schedule: "* * * * *"))])
        let t = try await TestServer.make(config, store: kind)
        let other = try await t.reopen(config)
        let servers = [t.server, other]
        for server in servers { await server.services.login.triggers?.tickSchedules() }
        #expect(try await Self.logged(t.server).isEmpty)
        t.clock.advance(by: 60)
        for server in servers { await server.services.login.triggers?.tickSchedules() }
        var events = try await Self.logged(t.server, count: 1)
        #expect(events == [[:]])
        // The run is settled before the clock jumps: a claim still held (its function has logged
        // but not yet returned, which a loaded machine stretches) would otherwise be past its
        // lease at once, and the other instance would rightly run it again.
        #expect(try await Self.settled(t.server) == 0)
        // Three minutes later: one run for the latest minute, not a burst for those missed.
        t.clock.advance(by: 180)
        for server in servers { await server.services.login.triggers?.tickSchedules() }
        events = try await Self.logged(t.server, count: 2)
        for server in servers { await server.services.login.triggers?.runDue(appId: t.appId) }
        events = try await Self.logged(t.server)
        #expect(events.count == 2, "\(events)")
    }

    @Test(arguments: StoreKind.allCases) func anEventWhoseServerStoppedMidRunRunsOnceItsClaimRunsOut(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.config([Self.database(["insert"])]), store: kind)
        let triggers = try #require(t.server.services.login.triggers)
        let app = try #require(t.server.services.login.apps[TestConfig.appId])
        // A stopped instance's claim, taken before it could run the function.
        let policy = TriggerService.policy(app)
        let event = TriggerEventRecord(
            appId: t.appId, trigger: "onOrder", key: "change:999", event: #"{"operationType":"insert"}"#, attempts: 1,
            notBefore: t.clock.now, leaseUntil: t.clock.now.addingTimeInterval(policy.lease), createdAt: t.clock.now)
        try await triggers.store.enqueueTriggerEvents([event])
        #expect(await triggers.runDue(appId: t.appId) == 0)
        #expect(try await Self.logged(t.server).isEmpty)
        t.clock.advance(by: policy.lease + 1)
        await triggers.runDue(appId: t.appId)
        #expect(try await Self.logged(t.server, count: 1) == [["operationType": "insert"]])
        #expect(try await triggers.store.triggerEvent(appId: t.appId, trigger: "onOrder", key: "change:999")?.attempts == 2)
    }

    @Test func twoInstancesOverOnePostgreSQLDatabaseRunADatabaseTriggerOncePerChange() async throws {
        let config = Self.config([Self.database(["insert"])])
        let t = try await TestServer.make(config, store: .postgres)
        let other = try await t.reopen(config)
        let ann = try await t.loggedIn(.anonymous)
        for id in 1...6 {
            // Half the writes through each instance: each hears every change and offers it.
            let target = id.isMultiple(of: 2) ? t.server : other
            let body: JSONValue = [
                "name": "insertOne", "service": "mongodb-atlas",
                "arguments": [["database": "shop", "collection": "orders", "document": ["_id": .int(Int64(id))]]],
            ]
            let answer = await t.call(.post, Route.functionCall(appId: t.appId), json: body, bearer: ann.accessToken, on: target)
            #expect(answer.status == 200)
        }
        _ = try await Self.logged(t.server, count: 6)
        // Both have offered and run what they could: nothing is left (a run whose function has
        // logged may still be settling, so this waits for it, within ten seconds), and each change
        // ran once.
        let store = try #require(t.server.services.login.triggers).store
        var pending = -1
        for _ in 0..<200 {
            for server in [t.server, other] { await server.services.login.triggers?.runDue(appId: t.appId) }
            pending = try await store.pendingTriggerEvents(appId: t.appId)
            if pending == 0 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(pending == 0)
        let keys = try await Self.logged(t.server).compactMap { $0["documentKey"]?["_id"]?.intValue }
        #expect(keys.sorted() == [1, 2, 3, 4, 5, 6])
    }

    /// On a live clock (instants finer than the stores keep), each of many changes runs its
    /// trigger once and its event is settled: none is left claimed, holding a place among the
    /// events the worker looks at next, so the 41st change runs as the first did.
    @Test(arguments: StoreKind.allCases) func manyChangesOnALiveClockEachRunTheirTriggerOnce(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.config([Self.database(["insert"])]), store: kind) { $0.now = { Date() } }
        let ann = try await t.loggedIn(.anonymous)
        let count = 60
        for id in 1...count { try await Self.write(t, ann.accessToken, "insertOne", ["document": ["_id": .int(Int64(id))]]) }
        let keys = try await Self.logged(t.server, count: count).compactMap { $0["documentKey"]?["_id"]?.intValue }
        #expect(keys.sorted() == (1...count).map { Int64($0) })
        let store = try #require(t.server.services.login.triggers).store
        var pending = -1
        for _ in 0..<200 {
            pending = try await store.pendingTriggerEvents(appId: t.appId)
            if pending == 0 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(pending == 0)
    }
}
