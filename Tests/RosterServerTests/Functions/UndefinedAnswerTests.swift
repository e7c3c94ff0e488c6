import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// A JavaScript function that returns nothing, over a real server: a client reads BSON undefined,
/// `{"$undefined": true}`, as App Services answered it (realm-kotlin's and realm-java's
/// `callFunction_void` expect `BsonUndefined`; realm-web reads it as `null`); inside JavaScript,
/// through `context.functions.execute`, it stays `undefined`; and a client may send it back as
/// an argument, while a document to store still may not hold it.
@Suite(.timeLimit(.minutes(2))) struct UndefinedAnswerTests {
    static let functions: [String: FunctionConfig] = [
        "void": FunctionConfig(source: "exports = function(){};"),
        "bare": FunctionConfig(source: "exports = async function(arg) { return; };"),
        "null": FunctionConfig(source: "exports = function() { return null; };"),
        "echo": FunctionConfig(source: "exports = (a) => a;"),
        "front": FunctionConfig(
            source: """
                exports = async () => {
                  const v = await context.functions.execute('void');
                  return { type: typeof v, same: v === undefined };
                };
                """),
        "kinds": FunctionConfig(source: "exports = (a, b) => ({ a: typeof a, bx: typeof b.x, hasX: 'x' in b });"),
        // Commands that write nothing, or a line break alone, and one that writes `null`.
        "silent": FunctionConfig(command: ["/bin/sh", "-c", "cat > /dev/null"]),
        "newline": FunctionConfig(command: ["/bin/sh", "-c", "echo"]),
        "nullCommand": FunctionConfig(command: ["/bin/sh", "-c", "echo null"]),
        "frontSilent": FunctionConfig(
            source: "exports = async () => { const v = await context.functions.execute('silent'); return { type: typeof v }; };"),
    ]

    static func start() async throws -> (TestServer, LoginResponse) {
        var config = TestConfig.app()
        config.functions = functions
        let t = try await TestServer.make(config)
        return (t, try await t.loggedIn(.anonymous))
    }

    static func call(_ t: TestServer, _ login: LoginResponse, _ name: String, _ arguments: [JSONValue] = []) async -> WireResponse {
        let body: JSONValue = ["name": .string(name), "arguments": .array(arguments)]
        return await t.call(.post, Route.functionCall(appId: t.appId), json: body, bearer: login.accessToken)
    }

    @Test func aFunctionThatReturnsNothingAnswersBSONUndefined() async throws {
        let (t, ann) = try await Self.start()
        for name in ["void", "bare"] {
            let answer = await Self.call(t, ann, name)
            #expect(answer.status == 200 && answer.json == ["$undefined": true], "\(name): \(String(decoding: answer.body, as: UTF8.self))")
        }
        let null = await Self.call(t, ann, "null")
        #expect(null.status == 200 && null.json == .null, "a function that returns null still answers null")
    }

    /// A command (JSON in on stdin, JSON out on stdout) that writes nothing answers as a
    /// JavaScript function that returns nothing, to a client and inside JavaScript alike.
    @Test func aCommandThatWritesNothingAnswersAsAFunctionThatReturnsNothing() async throws {
        let (t, ann) = try await Self.start()
        for name in ["silent", "newline"] {
            let answer = await Self.call(t, ann, name, [1])
            #expect(answer.status == 200 && answer.json == ["$undefined": true], "\(name): \(String(decoding: answer.body, as: UTF8.self))")
        }
        let null = await Self.call(t, ann, "nullCommand")
        #expect(null.status == 200 && null.json == .null, "a command that writes null still answers null")
        #expect(await Self.call(t, ann, "frontSilent").json == ["type": "undefined"])
    }

    @Test func insideJavaScriptAFunctionThatReturnsNothingGivesUndefined() async throws {
        let (t, ann) = try await Self.start()
        #expect(await Self.call(t, ann, "front").json == ["type": "undefined", "same": true])
    }

    @Test func aClientMaySendUndefinedBackAsAnArgument() async throws {
        let (t, ann) = try await Self.start()
        let undefined: JSONValue = ["$undefined": true]
        #expect(await Self.call(t, ann, "kinds", [undefined, ["x": undefined]]).json == ["a": "undefined", "bx": "undefined", "hasX": true])
        #expect(await Self.call(t, ann, "echo", [undefined]).json == undefined, "what it answered, sent back, comes back the same")
        let wrong = await Self.call(t, ann, "echo", [["$undefined": false]])
        #expect(wrong.status == 400 && wrong.errorCode == "InvalidParameter" && wrong.errorMessage == "$undefined takes true")
        // A document to store may not hold it: refused, and nothing stored.
        let document: JSONValue = ["userId": .string(ann.userId), "x": undefined]
        let insert: JSONValue = [
            "name": "insertOne", "service": "mongodb-atlas",
            "arguments": [["database": "my_database", "collection": "users", "document": document]],
        ]
        let stored = await t.call(.post, Route.functionCall(appId: t.appId), json: insert, bearer: ann.accessToken)
        #expect(stored.status == 400 && stored.errorCode == "InvalidParameter")
        #expect(stored.errorMessage?.contains("'$undefined' values are not supported") == true, "\(stored.errorMessage ?? "")")
        let count: JSONValue = ["name": "count", "service": "mongodb-atlas", "arguments": [["database": "my_database", "collection": "users"]]]
        #expect(await t.call(.post, Route.functionCall(appId: t.appId), json: count, bearer: ann.accessToken).json == 0)
    }
}
