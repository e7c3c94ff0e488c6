import Foundation
import RosterDocuments
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// A call's regular expressions draw from one budget (`regexStepsPerCall`) across every document
/// and clause, and a change stream's filter from one for each event (`regexStepsPerChangeEvent`).
/// The attack: a document of 700 strings `"aaaaaaaaaaaaaaaaa!"` and an `$or` of four
/// `^(a|a)*$` held one `find` for 25 s, two of them held `/health` for 28 s, and two streams with a
/// three-clause `$or` turned one write into 34 s of work.
@Suite(.timeLimit(.minutes(2))) struct RegexBudgetServerTests {
    static let notes = ("kiosk", "notes")
    static let clause: JSONValue = ["s": ["$regex": "^(a|a)*$"]]
    static let strings = JSONValue.array(Array(repeating: "aaaaaaaaaaaaaaaaa!", count: 700))

    func start() async throws -> (TestServer, DataAccessTests.Caller, DataAccessTests.Caller) {
        var config = DataAccessTests.config(maxDocumentBytes: 32768)
        config.rules = [DataAccessOperationsTests.notes, DataAccessTests.closed, TestConfig.ownCustomData]
        let t = try await TestServer.make(config, store: .sqlite)
        return (t, DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous)),
                DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous)))
    }

    /// Two such finds at once are each answered with the budget's refusal, and `/health` is
    /// answered beside them.
    @Test func anOrOfCostlyRegularExpressionsIsRefusedAndHealthAnswers() async throws {
        let (t, ann, bob) = try await start()
        _ = try await ann.json("insertOne", ["document": ["s": Self.strings]], in: Self.notes)
        let query: JSONValue = ["$or": [Self.clause, Self.clause, Self.clause, Self.clause]]
        async let first = ann.data("find", ["query": query], in: Self.notes)
        async let second = bob.data("find", ["query": query], in: Self.notes)
        async let health = t.call(.get, "/health")
        let (a, b, h) = await (first, second, health)
        #expect(h.status == 200)
        for refused in [a, b] {
            #expect(refused.status == 400 && refused.errorCode == "InvalidParameter", "\(refused.status) \(refused.errorMessage ?? "")")
            #expect(refused.errorMessage?.contains("limit of \(RegexBudget.defaultSteps) steps for one call (regexStepsPerCall)") == true,
                    "\(refused.errorMessage ?? "")")
        }
        // A bounded pattern still finds the document.
        #expect(try await ann.json("count", ["query": ["s": ["$regex": "^a+!$"]]], in: Self.notes) == 1)
    }

    /// A query of more regular expressions than one may hold is refused before it is matched.
    @Test func aWideOrOfRegularExpressionsIsRefused() async throws {
        let (_, ann, _) = try await start()
        let query: JSONValue = ["$or": .array(Array(repeating: Self.clause, count: DocumentQuery.maximumRegexes + 1))]
        let refused = await ann.data("find", ["query": query], in: Self.notes)
        #expect(refused.status == 400 && refused.errorCode == "InvalidParameter")
        #expect(refused.errorMessage?.contains("at most \(DocumentQuery.maximumRegexes) are allowed in one query") == true,
                "\(refused.errorMessage ?? "")")
    }

    /// A stream whose three-clause `$or` would spend more than an event's budget does not send
    /// that event, and goes on: the next write it matches arrives.
    @Test func aChangeStreamsCostlyFilterEndsWithinTheEventsBudget() async throws {
        let (t, ann, _) = try await start()
        let filterClause: JSONValue = ["fullDocument.s": ["$regex": "^(a|a)*$"]]
        try await withLoopbackServer(t.server) { port in
            let stream = try await EventStreamClient.open(
                base: "http://127.0.0.1:\(port)", appId: t.appId,
                call: ["name": "watch", "service": "mongodb-atlas", "arguments": [[
                    "database": "kiosk", "collection": "notes", "filter": ["$or": [filterClause, filterClause, filterClause]],
                ]]],
                token: ann.login.accessToken)
            #expect(stream.status == 200)
            _ = try await ann.json("insertOne", ["document": ["_id": "costly", "s": Self.strings]], in: Self.notes)
            _ = try await ann.json("insertOne", ["document": ["_id": "plain", "s": ["aaa"]]], in: Self.notes)
            let event = try #require(try await stream.nextEvent()?.json)
            #expect(event["fullDocument"]?["_id"] == "plain", "the costly event is not sent; the next one is")
            stream.close()
        }
    }

    /// The event's budget is the app's `regexStepsPerChangeEvent`: an app that allows more sends
    /// the event the default budget would skip.
    @Test func aChangeStreamsBudgetIsTheAppsSetting() async throws {
        var config = DataAccessTests.config(maxDocumentBytes: 32768)
        config.rules = [DataAccessOperationsTests.notes, DataAccessTests.closed, TestConfig.ownCustomData]
        config.limits.regexStepsPerCall = 500_000_000
        config.limits.regexStepsPerChangeEvent = 500_000_000
        let generous = try await TestServer.make(config, store: .sqlite)
        let (standard, _, _) = try await start()
        // The pattern backtracks through every string before the second clause matches.
        let filter: JSONValue = ["$or": [["fullDocument.s": ["$regex": "^(a|a)*$"]], ["fullDocument.kind": "wanted"]]]
        let strings = JSONValue.array(Array(repeating: "aaaaaaaaaaaaaaaaa!", count: 40))
        for (t, sent) in [(generous, "costly"), (standard, "plain")] {
            let ann = DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
            try await withLoopbackServer(t.server) { port in
                let stream = try await EventStreamClient.open(
                    base: "http://127.0.0.1:\(port)", appId: t.appId,
                    call: ["name": "watch", "service": "mongodb-atlas", "arguments": [["database": "kiosk", "collection": "notes", "filter": filter]]],
                    token: ann.login.accessToken)
                #expect(stream.status == 200)
                _ = try await ann.json("insertOne", ["document": ["_id": "costly", "kind": "wanted", "s": strings]], in: Self.notes)
                _ = try await ann.json("insertOne", ["document": ["_id": "plain", "kind": "wanted", "s": ["a!"]]], in: Self.notes)
                let event = try #require(try await stream.nextEvent()?.json)
                #expect(event["fullDocument"]?["_id"] == .string(sent), "the app's own budget decides whether the costly event is sent")
                stream.close()
            }
        }
    }
}
