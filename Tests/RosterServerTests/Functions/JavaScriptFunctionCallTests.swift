import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
import RosterServerAssembly

/// `functions/call` on JavaScript functions, as App Services runs them: Extended JSON in and
/// out, each member of `context`, private functions and the limits, over a real server.
@Suite(.timeLimit(.minutes(5))) struct JavaScriptFunctionCallTests {
    static func config(_ functions: [String: FunctionConfig], limits: LimitsConfig = LimitsConfig()) -> AppConfig {
        var config = TestConfig.app(maxRequestBytes: 65536)
        config.name = "Roster test app"
        config.functions = functions
        config.values = ["greeting": "hello", "limits": ["max": ["$numberInt": "3"]]]
        config.environment = "testing"
        config.limits = limits
        return config
    }

    struct Caller {
        let t: TestServer
        let login: LoginResponse

        func call(_ name: String, _ arguments: [JSONValue] = [], headers: [String: String] = [:]) async -> WireResponse {
            var all = ["content-type": "application/json", "authorization": "Bearer \(login.accessToken)"]
            all.merge(headers) { $1 }
            let body: JSONValue = ["name": .string(name), "arguments": .array(arguments)]
            return await t.server.respond(
                to: WireRequest(method: .post, path: Route.functionCall(appId: t.appId), headers: all, body: body.data))
        }
    }

    static func start(_ functions: [String: FunctionConfig], limits: LimitsConfig = LimitsConfig()) async throws -> Caller {
        let t = try await TestServer.make(config(functions, limits: limits))
        return Caller(t: t, login: try await t.loggedIn(.anonymous))
    }

    @Test func realmCoresSumFuncAddsItsArguments() async throws {
        // As realm-core's test app (test/object-store/util/sync/baas_admin_api.cpp) defines it.
        let sumFunc = """
                exports = function(...args) {
                    return args.reduce((a,b) => a + b, 0);
                };
            """
        let ann = try await Self.start(["sumFunc": FunctionConfig(source: sumFunc)])
        let answer = await ann.call("sumFunc", [["$numberLong": "1"], ["$numberLong": "2"], ["$numberLong": "3"], ["$numberLong": "4"], ["$numberLong": "5"]])
        #expect(answer.status == 200 && answer.json == 15)
        #expect(await ann.call("sumFunc", [1, 2.5]).json == 3.5)
        #expect(await ann.call("sumFunc").json == 0)
    }

    @Test func argumentsAndAnswersAreExtendedJSON() async throws {
        let source = "exports = async function(id, at, n) { return { id, at, n, kind: typeof n, isId: id instanceof BSON.ObjectId }; };"
        let ann = try await Self.start(["echo": FunctionConfig(source: source)])
        let answer = await ann.call("echo", [["$oid": "5f0c0c0c0c0c0c0c0c0c0c0c"], ["$date": ["$numberLong": "0"]], ["$numberInt": "7"]])
        #expect(answer.json == [
            "id": ["$oid": "5f0c0c0c0c0c0c0c0c0c0c0c"], "at": ["$date": "1970-01-01T00:00:00.000Z"], "n": 7, "kind": "number", "isId": true,
        ])
        #expect(await ann.call("echo", [["$oid": "nope"]]).errorCode == "InvalidParameter")
    }

    @Test func contextHoldsTheUserAsAppServicesDescribesThem() async throws {
        let ann = try await Self.start(["me": FunctionConfig(source: "exports = () => context.user;")])
        let user = try #require(await ann.call("me").json)
        #expect(user["id"] == .string(ann.login.userId))
        #expect(user["type"] == "normal")
        #expect(user["identities"]?.arrayValue?.first?["provider_type"] == "anon-user")
        #expect(user["data"]?.objectValue != nil && user["custom_data"]?.objectValue != nil)
    }

    @Test func contextHoldsTheAppItsValuesAndEnvironment() async throws {
        let source = """
            exports = () => ({
              app: [context.app.id, context.app.name], tag: context.environment.tag,
              greeting: context.values.get('greeting'), max: context.values.get('limits').max, none: context.values.get('none') ?? null,
            });
            """
        let ann = try await Self.start(["about": FunctionConfig(source: source)])
        #expect(await ann.call("about").json == [
            "app": [.string(TestConfig.appId), "Roster test app"], "tag": "testing", "greeting": "hello", "max": 3, "none": .null,
        ])
    }

    @Test func contextHoldsTheRequestAndItsToken() async throws {
        let source = """
            exports = () => ({
              address: context.request.remoteIPAddress, team: context.request.requestHeaders['X-Team'],
              webhook: context.request.webhookUrl ?? null, token: context.token,
            });
            """
        let ann = try await Self.start(["request": FunctionConfig(source: source)])
        #expect(await ann.call("request", headers: ["x-team": "blue"]).json == [
            "address": "in-process", "team": ["blue"], "webhook": .null, "token": .string(ann.login.accessToken),
        ])
    }

    @Test func contextFunctionsExecuteRunsPrivateFunctionsThatClientsCannotCall() async throws {
        let ann = try await Self.start([
            "secret": FunctionConfig(source: "exports = (a, b) => ({ product: a * b, caller: context.user.id });", isPrivate: true),
            "front": FunctionConfig(source: "exports = async (a) => context.functions.execute('secret', a, 6);"),
            "missing": FunctionConfig(source: "exports = () => context.functions.execute('nowhere');"),
            // Nine calls deep before it is refused: a minute for them, as ten seconds can pass
            // before that on a loaded machine, and the time limit would answer first.
            "loop": FunctionConfig(source: "exports = () => context.functions.execute('loop');", timeoutSeconds: 60),
        ])
        #expect(await ann.call("front", [7]).json == ["product": 42, "caller": .string(ann.login.userId)])
        let refused = await ann.call("secret", [7, 6])
        #expect(refused.status == 404 && refused.errorCode == "FunctionNotFound")
        #expect(refused.errorMessage == "function not found: 'secret'", "a private function reads as one the app does not have")
        let nowhere = await ann.call("nowhere")
        #expect(nowhere.status == 404 && nowhere.errorCode == "FunctionNotFound" && nowhere.errorMessage == "function not found: 'nowhere'")
        #expect(await ann.call("missing").errorMessage == "function not found: 'nowhere'")
        #expect(await ann.call("loop").errorMessage == "functions call each other more than 8 deep")
    }

    @Test func utilsCryptoHashesAndSigns() async throws {
        let source = """
            exports = () => ({
              sha256: utils.crypto.hash('sha256', 'abc'),
              hmac: utils.crypto.hmac('The quick brown fox jumps over the lazy dog', 'key', 'sha256', 'hex'),
              hmac64: utils.crypto.hmac('data', 'key', 'sha1', 'base64'),
            });
            """
        let ann = try await Self.start(["crypto": FunctionConfig(source: source)])
        #expect(await ann.call("crypto").json == [
            "sha256": ["$binary": ["base64": "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=", "subType": "00"]],
            "hmac": "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8",
            "hmac64": "EEFSxb/coHvGM+69RhmfAlXJ9J0=",
        ])
    }

    @Test func aThrownErrorReachesTheClientAsAppServicesWordsIt() async throws {
        let ann = try await Self.start([
            "throws": FunctionConfig(source: "exports = async function() { throw new Error('no such order'); };"),
            "typo": FunctionConfig(source: "exports = function() { return undefinedThing; };"),
            "words": FunctionConfig(source: "exports = function() { throw 'out of stock'; };"),
            "nothing": FunctionConfig(source: "exports = function() { throw undefined; };"),
            "object": FunctionConfig(source: "exports = function() { throw { message: 'x' }; };"),
            "bug": FunctionConfig(source: "exports = function() { const order = undefined; return order.x; };"),
            "rejects": FunctionConfig(source: "exports = function() { return Promise.reject(new Error('declined')); };"),
        ])
        let thrown = await ann.call("throws")
        #expect(thrown.status == 400 && thrown.errorCode == "FunctionExecutionError" && thrown.errorMessage == "no such order")
        #expect(thrown.errorResponse?.link == "")
        #expect(await ann.call("typo").errorMessage == "ReferenceError: 'undefinedThing' is not defined")
        let words = await ann.call("words")
        #expect(words.status == 400 && words.errorCode == "FunctionExecutionError" && words.errorMessage == "out of stock")
        // Thrown, although it is no value: refused, not answered as null.
        let nothing = await ann.call("nothing")
        #expect(nothing.status == 400 && nothing.errorCode == "FunctionExecutionError" && nothing.errorMessage == "undefined")
        #expect(await ann.call("object").errorMessage == "x")
        let bug = await ann.call("bug")
        #expect(bug.errorCode == "FunctionExecutionError" && bug.errorMessage == "TypeError: Cannot read properties of undefined (reading 'x')")
        let rejected = await ann.call("rejects")
        #expect(rejected.status == 400 && rejected.errorCode == "FunctionExecutionError" && rejected.errorMessage == "declined")
    }

    /// realm-kotlin's `FunctionsTests.callFunction_remoteError` calls a function that returns a
    /// name it never defined and expects App Services' words, the name quoted; realm-js's
    /// `User` tests and realm-kotlin's `unknownFunction` expect `function not found: '<name>'`.
    @Test func aClientReadsTheWordsItsOwnTestsExpect() async throws {
        let ann = try await Self.start(["error": FunctionConfig(source: "exports = function(arg){\n  return unknown;\n};")])
        let undefinedName = await ann.call("error")
        #expect(undefinedName.status == 400 && undefinedName.errorCode == "FunctionExecutionError")
        #expect(undefinedName.errorMessage == "ReferenceError: 'unknown' is not defined")
        let missing = await ann.call("unknown", [32])
        #expect(missing.status == 404 && missing.errorCode == "FunctionNotFound" && missing.errorMessage == "function not found: 'unknown'")
    }

    /// Each runaway is stopped at its limit and refused, while a log-in made as it runs is
    /// answered as usual. The memory hog has a minute, so that on a loaded machine it reaches
    /// its memory limit before its time limit (with two seconds, CI once saw the time limit).
    @Test(arguments: [
        ("loop", "exports = function() { for (;;) {} };", 2, "ExecutionTimeLimitExceeded", "execution time limit exceeded"),
        ("await", "exports = async function() { await new Promise(() => {}); };", 2, "ExecutionTimeLimitExceeded", "execution time limit exceeded"),
        ("hog", "exports = function() { const a = []; for (;;) a.push(new Array(100000).fill(1)); };", 60, "FunctionExecutionError", "memory limit exceeded"),
    ])
    func aRunawayIsRefusedAtItsLimitWhileOthersAreServed(_ name: String, _ source: String, _ seconds: Double, _ code: String, _ words: String) async throws {
        let limits = LimitsConfig(functionMemoryMegabytes: 32)
        let ann = try await Self.start([name: FunctionConfig(source: source, timeoutSeconds: seconds)], limits: limits)
        let limiter = try #require(ann.t.server.services.apps[ann.t.appId]?.functions)
        let runaway = Task { await ann.call(name) }
        try await FunctionLimitTests.until(limiter, running: 1, waiting: 0)
        let login = await ann.t.login(.anonymous)
        #expect(login.status == 200)
        let refused = await runaway.value
        #expect(refused.status == 400 && refused.errorCode == code)
        #expect(refused.errorMessage?.hasPrefix(words) == true, "\(refused.errorMessage ?? "")")
    }

    @Test func aFunctionMayComeFromAFileBesideTheConfiguration() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-js-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("functions"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("exports = (name) => `hello, ${name}`;".utf8).write(to: directory.appendingPathComponent("functions/hello.js"))
        let file = directory.appendingPathComponent("app.json")
        try Data(#"{"appId": "files", "functions": {"hello": {"sourceFile": "functions/hello.js", "private": false}}}"#.utf8).write(to: file)
        let loaded = try AppConfig.load(from: file)
        #expect(loaded.functions["hello"]?.source == "exports = (name) => `hello, ${name}`;")
        // Outside the folder, or both kinds at once, or too long: refused when loaded.
        for bad in [
            #"{"sourceFile": "../hello.js"}"#, #"{"sourceFile": "/etc/passwd"}"#, #"{"source": "exports = 1", "command": ["/bin/true"]}"#,
            #"{"source": "\#(String(repeating: "x", count: 2000))"}"#,
        ] {
            try Data(#"{"appId": "files", "limits": {"functionSourceBytes": 1024}, "functions": {"f": \#(bad)}}"#.utf8).write(to: file)
            #expect(throws: AppConfigError.self, "\(bad)") { try AppConfig.load(from: file) }
        }
    }
}
