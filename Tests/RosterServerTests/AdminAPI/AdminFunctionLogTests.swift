import Foundation
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore
import RosterServerAssembly

/// The runs of an app's functions in its log (`GET …/logs`), as realm-core's and deployment
/// tools' users read them to see why a call failed: a client's call and a trigger's run, each
/// with its function (name and id), user, console output (`messages`, as realm-cli prints them)
/// and error, a client's call with its request's URL, method and answered status, merged with
/// the audit trail's entries, filtered by type, errors and correlation id, and pruned to the
/// server's budget.
@Suite(.timeLimit(.minutes(3))) struct AdminFunctionLogTests {
    struct Setup {
        let t: AdminTestServer
        var bearer: String
        let base: String
        let clientAppId: String
        var token: String
        let userId: String
        /// The functions' ids, as the Admin API gave them, by name.
        let functionIds: [String: String]
        var logs: String { "\(base)/logs" }
    }

    static let functions: [(String, String)] = [
        ("greet", "exports = function(name) { console.log('hello ' + name); console.error('careful'); return 'hi ' + name; };"),
        ("fail", "exports = function() { console.log('about to fail'); throw new Error('no stock left'); };"),
        ("chatty", "exports = function() { for (let i = 1; i <= 5; i++) console.log('line ' + i); return true; };"),
        (
            "addOrder",
            "exports = async function(order) { await context.services.get('mongodb-atlas').db('shop').collection('orders').insertOne(order); return true; };"
        ),
        ("noteOrder", "exports = function(event) { console.log('order ' + event.documentKey._id); };"),
    ]

    func setUp(_ kind: StoreKind, runBudget: FunctionRunBudget = FunctionRunBudget(), trigger: Bool = false) async throws -> Setup {
        let t = try await AdminTestServer.make(store: kind, runBudget: runBudget)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.create(name: "shop", product: nil, in: made.groupId)
        let base = "groups/\(made.groupId)/apps/\(app.id)"
        func post(_ path: String, _ body: JSONValue) async throws -> JSONValue {
            let answer = await t.admin(.post, "\(base)/\(path)", json: body, bearer: login.accessToken)
            guard answer.status == 201 else { throw TestServer.Unexpected(response: answer) }
            return try JSONValue(parsing: answer.body)
        }
        _ = try await post("auth_providers", ["name": "anon-user", "type": "anon-user"])
        let service = try await post("services", ["name": "mongodb-atlas", "type": "mongodb-atlas"])
        var functionIds: [String: String] = [:]
        for (name, source) in Self.functions {
            let made = try await post("functions", ["name": .string(name), "source": .string(source), "run_as_system": true])
            functionIds[name] = made["_id"]?.stringValue
        }
        if trigger {
            _ = try await post(
                "triggers",
                [
                    "name": "onOrder", "type": "DATABASE", "function_name": "noteOrder",
                    "config": ["service_id": service["_id"] ?? .null, "database": "shop", "collection": "orders", "operation_types": ["INSERT"]],
                ])
        }
        let answer = await t.call(.post, Route.login(appId: app.clientAppId, provider: .anonymous), json: [:])
        let session = try WireCoding.decode(LoginResponse.self, from: answer.body)
        return Setup(
            t: t, bearer: login.accessToken, base: base, clientAppId: app.clientAppId, token: session.accessToken, userId: session.userId,
            functionIds: functionIds)
    }

    func call(_ s: Setup, _ name: String, _ arguments: JSONValue = []) async -> WireResponse {
        s.t.clock.advance(by: 1)
        return await s.t.call(.post, Route.functionCall(appId: s.clientAppId), json: ["name": .string(name), "arguments": arguments], bearer: s.token)
    }

    func entries(_ s: Setup, _ query: [String: String] = [:]) async throws -> [JSONValue] {
        await s.t.server.services.functions.runs?.flush()
        let page = await s.t.admin(.get, s.logs, bearer: s.bearer, query: query)
        guard page.status == 200 else { throw TestServer.Unexpected(response: page) }
        return page.json?["logs"]?.arrayValue ?? []
    }

    @Test(arguments: StoreKind.allCases) func aClientsCallsAreInTheLogWithTheirConsoleOutputAndErrors(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        let greeted = await call(s, "greet", ["ann"])
        #expect(greeted.status == 200)
        let failed = await call(s, "fail")
        #expect(failed.status == 400 && failed.errorCode == "FunctionExecutionError")

        let runs = try await entries(s, ["type": "FUNCTION"])
        #expect(runs.compactMap { $0["function_name"]?.stringValue } == ["fail", "greet"], "newest first: \(runs)")
        let (fail, greet) = (runs[0], runs[1])
        #expect(greet["type"] == "FUNCTION" && greet["user_id"]?.stringValue == s.userId && greet["error"] == nil)
        #expect(greet["logs"] == ["hello ann", "careful"])
        #expect(greet["started"]?.stringValue == AppLogInstant(s.t.clock.now.addingTimeInterval(-1)).text && greet["_id"]?.stringValue?.count == 24)
        #expect(fail["error"]?.stringValue?.contains("no stock left") == true && fail["error_code"] == "FunctionExecutionError")
        #expect(fail["logs"] == ["about to fail"] && fail["user_id"]?.stringValue == s.userId)
        // As App Services' entries: the function's id, the console in `messages`, the request
        // (its URL on the server's own base, never a Host header's; no query) and its status.
        #expect(greet["function_id"]?.stringValue == s.functionIds["greet"] && fail["function_id"]?.stringValue == s.functionIds["fail"])
        #expect(greet["messages"] == ["hello ann", "careful"] && fail["messages"] == ["about to fail"])
        let url = "http://127.0.0.1" + Route.functionCall(appId: s.clientAppId)
        #expect(greet["request_url"]?.stringValue == url && greet["request_method"] == "POST" && greet["status"] == 200, "\(greet)")
        #expect(fail["request_url"]?.stringValue == url && fail["request_method"] == "POST" && fail["status"] == 400, "\(fail)")
        // The client's request id is the entry's correlation id, and finds it alone.
        let requestId = try #require(failed.headers["x-request-id"])
        #expect(fail["co_id"]?.stringValue == requestId)
        #expect(try await entries(s, ["co_id": requestId]).compactMap { $0["function_name"]?.stringValue } == ["fail"])

        // Merged with the audit trail, newest first: the anonymous log-in came before both.
        let all = try await entries(s)
        #expect(all.compactMap { $0["type"]?.stringValue } == ["FUNCTION", "FUNCTION", "AUTH"])
        #expect(try await entries(s, ["errors_only": "true"]).compactMap { $0["function_name"]?.stringValue } == ["fail"])
        #expect(try await entries(s, ["type": "AUTH"]).count == 1)
        #expect(try await entries(s, ["type": "DB_TRIGGER"]).isEmpty)
        #expect(try await entries(s, ["user_id": s.userId]).count == 3)
        // Paged across both sources: nothing lost, nothing twice.
        let first = await s.t.admin(.get, s.logs, bearer: s.bearer, query: ["limit": "2"])
        let end = try #require(first.json?["nextEndDate"]?.stringValue)
        let skip = try #require(first.json?["nextSkip"]?.numberValue)
        let second = await s.t.admin(.get, s.logs, bearer: s.bearer, query: ["limit": "2", "end_date": end, "skip": "\(Int(skip))"])
        #expect(second.json?["logs"]?.arrayValue?.compactMap { $0["type"]?.stringValue } == ["AUTH"])

        // Neither the arguments nor the caller's token are kept.
        let page = await s.t.admin(.get, s.logs, bearer: s.bearer)
        let text = String(decoding: page.body, as: UTF8.self)
        #expect(!text.contains(s.token) && !text.contains("\"ann\""))
    }

    @Test(arguments: StoreKind.allCases) func aTriggersRunIsInTheLogUnderItsTypeAndName(_ kind: StoreKind) async throws {
        let s = try await setUp(kind, trigger: true)
        #expect(await call(s, "addOrder", [["_id": 7]]).status == 200)
        let deadline = ContinuousClock.now + .seconds(10)
        var triggered = try await entries(s, ["type": "DB_TRIGGER"])
        while triggered.isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
            triggered = try await entries(s, ["type": "DB_TRIGGER"])
        }
        let run = try #require(triggered.first)
        #expect(triggered.count == 1 && run["function_name"] == "noteOrder" && run["event_subscription_name"] == "onOrder")
        #expect(run["logs"] == ["order 7"] && run["messages"] == ["order 7"] && run["user_id"] == nil && run["error"] == nil)
        // No client's request started it.
        #expect(run["function_id"]?.stringValue == s.functionIds["noteOrder"])
        #expect(run["request_url"] == nil && run["request_method"] == nil && run["status"] == nil && run["remote_ip_address"] == nil)
        #expect(try await entries(s, ["type": "FUNCTION,DB_TRIGGER"]).compactMap { $0["function_name"]?.stringValue }.sorted() == ["addOrder", "noteOrder"])
    }

    @Test(arguments: StoreKind.allCases) func theRunsKeptKeepToTheBudget(_ kind: StoreKind) async throws {
        var budget = FunctionRunBudget()
        budget.consoleLines = 3
        budget.keptRunsPerApp = 2
        budget.pruneEvery = 1
        let s = try await setUp(kind, runBudget: budget)
        let chatty = await call(s, "chatty")
        #expect(chatty.status == 200)
        #expect(try await entries(s, ["type": "FUNCTION"]).first?["logs"] == ["line 1", "line 2", "line 3", "(2 more console lines not kept: functionRunBudget)"])
        for name in ["greet", "fail", "greet"] { _ = await call(s, name, ["bo"]) }
        #expect(try await entries(s, ["type": "FUNCTION"]).compactMap { $0["function_name"]?.stringValue } == ["greet", "fail"], "the newest two")

        // Ten days on (the operator and the client logged in again), the older runs go with the next write.
        var later = s
        later.t.clock.advance(by: 10 * 86_400)
        later.bearer = try await s.t.admin(
            .post, "auth/providers/local-userpass/login", json: ["username": "ops@example.com", "password": "long-secret-1"]
        ).decoded(AdminLogin.self).accessToken
        later.token = try WireCoding.decode(
            LoginResponse.self, from: await s.t.call(.post, Route.login(appId: s.clientAppId, provider: .anonymous), json: [:]).body
        ).accessToken
        _ = await call(later, "chatty")
        #expect(try await entries(later, ["type": "FUNCTION"]).compactMap { $0["function_name"]?.stringValue } == ["chatty"])
    }
}
