import Foundation
import GRDB
import RosterCore
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterPostgres
@testable import RosterServerCore

/// Change streams (`watch`) as App Services serves them and realm-web and realm-core read them:
/// `GET …/functions/call?baas_request=…` answered `text/event-stream`, over real HTTP on
/// loopback, on both stores.
@Suite(.timeLimit(.minutes(5))) struct ChangeStreamTests {
    static let notes = ("kiosk", "notes")

    func start(
        _ kind: StoreKind = .sqlite, _ configure: (inout AppConfig) -> Void = { _ in },
        environment: @escaping (inout ServerEnvironment) -> Void = { _ in }
    ) async throws -> (TestServer, DataAccessTests.Caller) {
        var config = DataAccessTests.config()
        config.rules = [DataAccessOperationsTests.notes, DataAccessTests.closed, TestConfig.ownCustomData]
        configure(&config)
        let t = try await TestServer.make(config, store: kind, environment: environment)
        return (t, DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous)))
    }

    /// The body realm-web sends for `collection.watch({ids, filter})`.
    static func watch(_ arguments: JSONObject = [:], in namespace: (String, String) = notes) -> JSONValue {
        var argument = arguments
        argument["database"] = .string(namespace.0)
        argument["collection"] = .string(namespace.1)
        return ["name": "watch", "arguments": [.object(argument)], "service": "mongodb-atlas"]
    }

    func open(
        _ port: Int, _ t: TestServer, _ caller: DataAccessTests.Caller, _ arguments: JSONObject = [:],
        in namespace: (String, String) = notes, tokenInQuery: Bool = false
    ) async throws -> EventStreamClient {
        try await EventStreamClient.open(
            base: "http://127.0.0.1:\(port)", appId: t.appId, call: Self.watch(arguments, in: namespace), token: caller.login.accessToken,
            tokenInQuery: tokenInQuery)
    }

    /// realm-web's own "can watch changes correctly": three watchers (everything, a `filter`
    /// over the change event, two `ids`) see ten inserts of a string with `%`, LF and CR, then
    /// `done`. The third reads with the token in `baas_at`, as realm-core sends it.
    @Test(arguments: StoreKind.allCases) func realmWebsWatchTestPasses(_ kind: StoreKind) async throws {
        let (t, ann) = try await start(kind)
        _ = try await ann.json("deleteMany", ["query": [:]], in: Self.notes)
        let odd = "use some odd chars to force weird encoding %\n\r\n\\????>>>> %25"
        try await withLoopbackServer(t.server) { port in
            let all = try await open(port, t, ann)
            let filtered = try await open(
                port, t, ann, ["filter": ["$or": [["fullDocument._id": 3, "fullDocument.str": .string(odd)], ["fullDocument.done": true]]]])
            let byIds = try await open(port, t, ann, ["ids": [5, "done"]], tokenInQuery: true)
            #expect(all.status == 200 && all.headers["content-type"] == "text/event-stream", "\(all.status) \(all.headers)")
            for i in 0..<10 {
                _ = try await ann.json("insertOne", ["document": ["_id": .int(Int64(i)), "hello": "world", "str": .string(odd)]], in: Self.notes)
            }
            _ = try await ann.json("insertOne", ["document": ["_id": "done", "done": true]], in: Self.notes)

            var seen: [JSONValue] = []
            while let event = try await all.nextEvent(), event.json?["fullDocument"]?["done"] != true {
                #expect(event.json?["operationType"] == "insert")
                #expect(event.json?["fullDocument"]?["str"]?.stringValue == odd, "the text comes back as written")
                seen.append(event.json?["fullDocument"]?["_id"] ?? .null)
            }
            #expect(seen == (0..<10).map { JSONValue.int(Int64($0)) })
            var filteredIds: [JSONValue] = []
            while let event = try await filtered.nextEvent(), event.json?["fullDocument"]?["done"] != true {
                filteredIds.append(event.json?["fullDocument"]?["_id"] ?? .null)
            }
            #expect(filteredIds == [3])
            var idsSeen: [JSONValue] = []
            while let event = try await byIds.nextEvent(), event.json?["fullDocument"]?["done"] != true {
                idsSeen.append(event.json?["fullDocument"]?["_id"] ?? .null)
            }
            #expect(idsSeen == [5])
            for stream in [all, filtered, byIds] { stream.close() }
        }
    }

    /// Each kind of change as MongoDB writes its event: resume tokens that increase, `ns`,
    /// `documentKey`, `fullDocument`, and for an update what it set and removed.
    @Test(arguments: StoreKind.allCases) func eventsHaveMongoDBsShape(_ kind: StoreKind) async throws {
        let (t, ann) = try await start(kind)
        try await withLoopbackServer(t.server) { port in
            let stream = try await open(port, t, ann)
            _ = try await ann.json("insertOne", ["document": ["_id": 7, "n": 1, "note": "x"]], in: Self.notes)
            _ = try await ann.json("updateOne", ["query": ["_id": 7], "update": ["$set": ["n": 2, "tag": "new"], "$unset": ["note": ""]]], in: Self.notes)
            _ = try await ann.json("updateOne", ["query": ["_id": 7], "update": ["whole": true]], in: Self.notes)
            _ = try await ann.json("deleteOne", ["query": ["_id": 7]], in: Self.notes)

            let insert = try #require(try await stream.nextEvent()?.json)
            #expect(insert["operationType"] == "insert")
            #expect(insert["ns"] == ["db": "kiosk", "coll": "notes"])
            #expect(insert["documentKey"] == ["_id": 7])
            #expect(insert["fullDocument"] == ["_id": 7, "n": 1, "note": "x"])
            #expect(insert["updateDescription"] == nil)
            #expect(insert["wallTime"]?["$date"] != nil)

            let update = try #require(try await stream.nextEvent()?.json)
            #expect(update["operationType"] == "update")
            #expect(update["updateDescription"] == ["updatedFields": ["n": 2, "tag": "new"], "removedFields": ["note"], "truncatedArrays": []])
            #expect(update["fullDocument"] == ["_id": 7, "n": 2, "tag": "new"])

            let replace = try #require(try await stream.nextEvent()?.json)
            #expect(replace["operationType"] == "replace")
            #expect(replace["fullDocument"] == ["_id": 7, "whole": true])

            let delete = try #require(try await stream.nextEvent()?.json)
            #expect(delete["operationType"] == "delete")
            #expect(delete["documentKey"] == ["_id": 7])
            #expect(delete["fullDocument"] == nil)

            let tokens = [insert, update, replace, delete].compactMap { $0["_id"]?["_data"]?.stringValue }
            #expect(tokens.count == 4 && tokens == tokens.sorted() && Set(tokens).count == 4, "resume tokens increase: \(tokens)")
            stream.close()
        }
    }

    /// Two instances over one database (two processes over one SQLite file, two instances over
    /// one PostgreSQL database): a watcher on one sees an insert, an update and a delete made
    /// through the other, in order.
    @Test(arguments: StoreKind.allCases) func changesThroughOneInstanceReachWatchersOnAnother(_ kind: StoreKind) async throws {
        let (t, ann) = try await start(kind)
        let other = try await t.reopen(DataAccessTests.config())
        func write(_ name: String, _ arguments: JSONObject) async throws {
            var argument = arguments
            (argument["database"], argument["collection"]) = ("kiosk", "notes")
            let body: JSONValue = ["name": .string(name), "service": "mongodb-atlas", "arguments": [.object(argument)]]
            let response = await t.call(.post, Route.functionCall(appId: t.appId), json: body, bearer: ann.login.accessToken, on: other)
            guard response.status == 200 else { throw TestServer.Unexpected(response: response) }
        }
        try await withLoopbackServer(t.server) { port in
            let stream = try await open(port, t, ann)
            try await write("insertOne", ["document": ["_id": "a", "n": 1]])
            try await write("updateOne", ["query": ["_id": "a"], "update": ["$inc": ["n": 1]]])
            try await write("deleteOne", ["query": ["_id": "a"]])
            var seen: [String] = []
            for _ in 0..<3 {
                let event = try #require(try await stream.nextEvent(within: 5)?.json)
                seen.append("\(event["operationType"]?.stringValue ?? "?") \(event["fullDocument"]?["n"].map { "\($0)" } ?? "-")")
            }
            #expect(seen == ["insert int(1)", "update int(2)", "delete -"])
            stream.close()
        }
    }

    /// A follower whose connection is cut (every connection of the database ended) connects
    /// again and first reads what was written meanwhile: nothing is lost.
    @Test func aFollowerThatLosesItsConnectionMissesNothing() async throws {
        let (t, ann) = try await start(.postgres)
        try await withLoopbackServer(t.server) { port in
            let stream = try await open(port, t, ann)
            let admin = try await PostgresServerStore(url: t.databasePath)
            _ = try await admin.rows(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
            // The server's own pool reconnects too: the write is tried until it lands.
            var landed = false
            for _ in 0..<50 where !landed {
                landed = await ann.data("insertOne", ["document": ["_id": "while-away"]], in: Self.notes).status == 200
                if !landed { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(landed)
            let event = try #require(try await stream.nextEvent(within: 10)?.json)
            #expect(event["documentKey"] == ["_id": "while-away"])
            stream.close()
        }
    }

    /// Changes are kept for those who follow them a while (a minute on SQLite, ten on
    /// PostgreSQL), then pruned: a change five seconds short of that is kept, one five seconds
    /// past it is pruned, the newer stay. A retention changed either way fails here.
    @Test(arguments: StoreKind.allCases) func oldChangesArePruned(_ kind: StoreKind) async throws {
        let (t, ann) = try await start(kind)
        for id in ["past", "inside", "new"] { _ = try await ann.json("insertOne", ["document": ["_id": .string(id)]], in: Self.notes) }
        let (past, inside) = ("%\"key\":\"past\"%", "%\"key\":\"inside\"%")
        let kept: [String]
        switch kind {
        case .sqlite:
            let store = try SQLiteServerStore(path: t.databasePath)
            kept = try await store.pool.write { db in
                try db.execute(sql: "UPDATE document_changes SET created_at = datetime('now', '-65 seconds') WHERE change LIKE ?", arguments: [past])
                try db.execute(sql: "UPDATE document_changes SET created_at = datetime('now', '-55 seconds') WHERE change LIKE ?", arguments: [inside])
                try SQLiteServerStore.prune(db)
                return try String.fetchAll(db, sql: "SELECT change FROM document_changes ORDER BY sequence")
            }
        case .postgres:
            let store = try await PostgresServerStore(url: t.databasePath)
            _ = try await store.rows("UPDATE document_changes SET created_at = now() - interval '10 minutes 5 seconds' WHERE change LIKE \(past)")
            _ = try await store.rows("UPDATE document_changes SET created_at = now() - interval '9 minutes 55 seconds' WHERE change LIKE \(inside)")
            let logger = store.logger
            try await store.withConnection { db in try await PostgresServerStore.prune(db, logger: logger) }
            kept = try await store.rows("SELECT change FROM document_changes ORDER BY sequence").map { try $0.decode(String.self) }
        }
        #expect(kept.count == 2 && kept[0].contains("\"key\":\"inside\"") && kept[1].contains("\"key\":\"new\""), "\(kept)")
    }

    /// A watcher sees only what its read rule lets it read: with `own`, its own documents (custom
    /// user data another user writes does not reach it; its own, written by an admin, does); a
    /// collection it may not read is refused before any stream opens.
    @Test func aWatcherSeesOnlyWhatItsReadRuleLetsItRead() async throws {
        let (t, ann) = try await start()
        let bob = DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        try await withLoopbackServer(t.server) { port in
            let stream = try await open(port, t, ann, in: ("my_database", "users"))
            _ = try await bob.json("insertOne", ["document": ["userId": .string(bob.login.userId), "color": "red"]])
            try await t.server.admin.setCustomData(appId: t.appId, userId: ann.login.userId, document: ["color": "green"])
            let event = try #require(try await stream.nextEvent()?.json)
            #expect(event["fullDocument"]?["color"] == "green", "\(event)")
            #expect(event["fullDocument"]?["userId"]?.stringValue == ann.login.userId)
            _ = try await bob.json("updateOne", ["query": ["userId": .string(bob.login.userId)], "update": ["$set": ["color": "blue"]]])
            _ = try await ann.json("updateOne", ["query": ["userId": .string(ann.login.userId)], "update": ["$set": ["color": "teal"]]])
            let next = try #require(try await stream.nextEvent()?.json)
            #expect(next["operationType"] == "update" && next["fullDocument"]?["color"] == "teal", "bob's changes never show: \(next)")
            stream.close()

            let closed = try await open(port, t, ann, in: ("kiosk", "audit"))
            #expect(closed.status == 403)
            #expect(try JSONValue(parsing: try #require(closed.errorBody))["error_code"] == "NoMatchingRuleFound")
        }
    }

    /// A stream ends when its session does (here a log-out): the last thing it sends is an
    /// `error` event, InvalidSession, which the SDKs raise.
    @Test func aStreamEndsWhenItsSessionEnds() async throws {
        let (t, ann) = try await start(environment: { $0.changeStreamSessionCheck = .milliseconds(100) })
        try await withLoopbackServer(t.server) { port in
            let stream = try await open(port, t, ann)
            let loggedOut = await t.call(.delete, Route.session, bearer: ann.login.refreshToken)
            #expect(loggedOut.status == 204)
            let ending = try #require(try await stream.nextEvent(within: 5))
            #expect(ending.type == "error")
            #expect(ending.json?["error_code"] == "InvalidSession", "\(ending)")
            #expect(try await stream.nextEvent(within: 5) == nil, "nothing follows the ending")
            // And the token no longer opens one.
            let refused = try await open(port, t, ann)
            #expect(refused.status == 401)
        }
    }

    /// Each user has a bounded number of open streams on a server: past it, 429 with
    /// `Retry-After`; a stream its client closes gives its place back at once.
    @Test func eachUserHasABoundedNumberOfStreams() async throws {
        let (t, ann) = try await start(.sqlite, { $0.limits.changeStreamsPerUser = 2 })
        let bob = DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        try await withLoopbackServer(t.server) { port in
            let first = try await open(port, t, ann)
            let second = try await open(port, t, ann)
            let third = try await open(port, t, ann)
            #expect(first.status == 200 && second.status == 200)
            #expect(third.status == 429 && third.headers["retry-after"] != nil, "\(third.status) \(third.headers)")
            #expect(try JSONValue(parsing: try #require(third.errorBody))["error_code"] == "TooManyRequests")
            let bobs = try await open(port, t, bob)
            #expect(bobs.status == 200, "the limit is each user's")
            first.close()
            // The server hears the client leave at once (not at its next keep-alive, 20 s away).
            var reopened = 0
            for _ in 0..<20 where reopened != 200 {
                try await Task.sleep(for: .milliseconds(100))
                let again = try await open(port, t, ann)
                reopened = again.status
                if reopened == 200 { again.close() }
            }
            #expect(reopened == 200)
            for stream in [second, bobs] { stream.close() }
        }
    }

    /// An idle stream sends a comment every `changeStreamKeepAliveSeconds`, which the SDKs skip.
    /// Each comment is waited for, not timed: a loaded machine may be slow to schedule the
    /// one-second keep-alive, but one kept at the default 20 s instead would not come within 15.
    @Test func idleStreamsAreKeptAliveByComments() async throws {
        let (t, ann) = try await start(.sqlite, { $0.limits.changeStreamKeepAliveSeconds = 1 })
        #expect(LimitsConfig().changeStreamKeepAliveSeconds > 15)
        try await withLoopbackServer(t.server) { port in
            let stream = try await open(port, t, ann)
            guard case .comment? = try await stream.next(within: 10) else { Issue.record("the first comment"); return }
            guard case .comment? = try await stream.next(within: 15) else { Issue.record("a keep-alive comment"); return }
            stream.close()
        }
    }

    /// A watch that is not one is refused with a clear error, and opens nothing.
    @Test func badWatchRequestsAreRefused() async throws {
        let (t, ann) = try await start()
        try await withLoopbackServer(t.server) { port in
            let base = "http://127.0.0.1:\(port)"
            func refused(_ call: JSONValue, raw: String? = nil, token: String? = nil, _ status: Int, _ code: String, _ words: String) async throws {
                let stream = try await EventStreamClient.open(
                    base: base, appId: t.appId, call: call, token: token ?? ann.login.accessToken, rawRequest: raw)
                #expect(stream.status == status, "\(call) \(raw ?? "")")
                let error = try JSONValue(parsing: stream.errorBody ?? Data())
                #expect(error["error_code"]?.stringValue == code, "\(error)")
                #expect(error["error"]?.stringValue?.contains(words) == true, "\(error)")
            }
            try await refused(Self.watch(), raw: "", 400, "MissingParameter", "baas_request")
            try await refused(Self.watch(), raw: "not*base64!", 400, "InvalidParameter", "base64")
            try await refused(Self.watch(), token: "nope", 401, "InvalidSession", "token")
            try await refused(["name": "find", "arguments": [["database": "kiosk", "collection": "notes"]], "service": "mongodb-atlas"], 400,
                "InvalidParameter", "only watch")
            try await refused(["name": "watch", "arguments": [["database": "kiosk", "collection": "notes"]]], 400, "InvalidParameter", "data service")
            try await refused(Self.watch(["limit": 3]), 400, "InvalidParameter", "'limit'")
            try await refused(Self.watch(["ids": "7"]), 400, "InvalidParameter", "'ids'")
            try await refused(Self.watch(["filter": ["$bogus": 1]]), 400, "InvalidParameter", "$bogus")
        }
        // `watch` sent as an ordinary call says where it is served.
        let posted = await ann.data("watch", [:], in: Self.notes)
        #expect(posted.status == 400 && posted.errorMessage == ChangeStreamService.notAStream)
    }

    /// What a stream's data lines carry: `%`, LF and CR escaped as the SDKs undo them.
    @Test func dataLinesEscapePercentAndLineBreaks() throws {
        let text = "a%b\nc\rd%25"
        let escaped = EventStreamReply.escaped(text)
        #expect(escaped == "a%25b%0Ac%0Dd%2525")
        var decoder = EventStreamDecoder()
        #expect(try decoder.feed(Data(EventStreamReply.text(.event(text)).utf8)) == [.init(type: "message", data: text)])
        #expect(EventStreamReply.text(.keepAlive) == ":\n\n")
        #expect(EventStreamReply.text(.end(.invalidSession("gone"))) == "event: error\ndata: {\"error\":\"gone\",\"error_code\":\"InvalidSession\"}\n\n")
    }
}
