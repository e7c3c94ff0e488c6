import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// A function's condition on callers (`can_evaluate`), over a real server: evaluated before the
/// function runs for a client and for a function running as a user that calls it, never for the
/// system user; a caller it keeps out gets App Services' FunctionExecutionError
/// `rule not matched for function "name"`, and the function does not run.
@Suite(.timeLimit(.minutes(2))) struct FunctionConditionTests {
    static let echoUser = "exports = function() { return context.user.id; };"

    /// realm-kotlin's `authorizedOnly`, as its test app defines it: only the user with this email.
    @Test func realmKotlinsAuthorizedOnlyLetsInTheUserItNamesAndKeepsOutTheOthers() async throws {
        let condition: JSONValue = ["%%user.data.email": ["%in": ["authorizeduser@example.org"]]]
        let t = try await TestServer.make(JavaScriptFunctionCallTests.config(["authorizedOnly": FunctionConfig(source: Self.echoUser, canEvaluate: condition)]))
        let anonymous = JavaScriptFunctionCallTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        let refused = await anonymous.call("authorizedOnly", [1, 2, 3])
        #expect(refused.status == 400 && refused.errorCode == "FunctionExecutionError")
        #expect(refused.errorMessage == #"rule not matched for function "authorizedOnly""#)

        _ = try await t.server.admin.createEmailUser(appId: t.appId, email: "authorizeduser@example.org", password: "asdfasdf")
        let login = try await t.emailLogin("authorizeduser@example.org", "asdfasdf").decoded(LoginResponse.self)
        let authorized = JavaScriptFunctionCallTests.Caller(t: t, login: login)
        let answer = await authorized.call("authorizedOnly", [1, 2, 3])
        #expect(answer.status == 200 && answer.json == .string(login.userId))
    }

    /// `%%user.custom_data` is read when the call is made, not when the token was issued,
    /// `%%values` are the app's values, and `%%request` is the call (`action` the function's name).
    @Test func aConditionReadsTheCallersCustomDataNowAndTheAppsValues() async throws {
        var config = JavaScriptFunctionCallTests.config([
            "forAdmins": FunctionConfig(source: Self.echoUser, canEvaluate: ["%%user.custom_data.role": "admin"]),
            "whenOpen": FunctionConfig(source: Self.echoUser, canEvaluate: ["%%values.open": true]),
            "whenGreeted": FunctionConfig(source: Self.echoUser, canEvaluate: ["%%values.greeting": ["%in": ["hello", "hej"]]]),
            "byName": FunctionConfig(source: Self.echoUser, canEvaluate: ["%%request.action": "byName", "%%request.httpMethod": "POST"]),
        ])
        config.values["open"] = false
        let t = try await TestServer.make(config)
        let ann = JavaScriptFunctionCallTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        #expect(await ann.call("forAdmins").errorMessage == #"rule not matched for function "forAdmins""#)
        try await t.server.admin.setCustomData(appId: t.appId, userId: ann.login.userId, document: ["role": "admin"])
        #expect(await ann.call("forAdmins").json == .string(ann.login.userId), "the same token, the data read now")
        #expect(await ann.call("whenOpen").errorMessage == #"rule not matched for function "whenOpen""#)
        #expect(await ann.call("whenGreeted").json == .string(ann.login.userId))
        #expect(await ann.call("byName").json == .string(ann.login.userId), "%%request.action is the function called")
    }

    /// A function running as the user that calls another checks its condition; one running as
    /// system does not, as the system user is held by no rule.
    @Test func aFunctionCalledByAnotherIsHeldByItsConditionUnlessTheCallerRunsAsSystem() async throws {
        let callGuarded = "exports = async function() { try { return await context.functions.execute('guarded'); } catch (e) { return 'refused: ' + e.message; } };"
        let t = try await TestServer.make(JavaScriptFunctionCallTests.config([
            "guarded": FunctionConfig(source: "exports = () => 'ran';", isPrivate: true, canEvaluate: ["%%user.type": "server"]),
            "asUser": FunctionConfig(source: callGuarded),
            "asSystem": FunctionConfig(source: callGuarded, runAsSystem: true),
        ]))
        let ann = JavaScriptFunctionCallTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        let asUser = await ann.call("asUser")
        #expect(asUser.json?.stringValue?.contains(#"rule not matched for function "guarded""#) == true, "\(asUser.json ?? .null)")
        #expect(await ann.call("asSystem").json == "ran")
    }

    /// A configuration file's condition Roster cannot evaluate is refused when it is loaded,
    /// naming the function, the key and why.
    @Test func aConditionOnADocumentOrWithAnUnknownOperatorIsRefusedAtLoad() throws {
        let config = AppConfigTests()
        let field = try config.refusal(#"{"appId": "a", "functions": {"f": {"source": "x", "canEvaluate": {"owner": "%%user.id"}}}}"#)
        #expect(field?.contains("function 'f'.canEvaluate, key 'owner': names a document field") == true, "\(field ?? "accepted")")
        let root = try config.refusal(#"{"appId": "a", "functions": {"f": {"source": "x", "canEvaluate": {"%%user.id": "%%root.owner"}}}}"#)
        #expect(root?.contains("the expansion '%%root.owner' is not served in a function's condition") == true, "\(root ?? "accepted")")
        let call = try config.refusal(#"{"appId": "a", "functions": {"f": {"source": "x", "canEvaluate": {"%%true": {"%function": {"name": "g"}}}}}}"#)
        #expect(call?.contains("key '%%true.%function': '%function' is not served") == true, "\(call ?? "accepted")")
        let args = try config.refusal(#"{"appId": "a", "functions": {"f": {"source": "x", "canEvaluate": {"%%args.0": 1}}}}"#)
        #expect(args?.contains("the expansion '%%args.0' is not served") == true, "\(args ?? "accepted")")
        #expect(try config.refusal(#"{"appId": "a", "functions": {"f": {"source": "x", "canEvaluate": {"%%user.data.email": {"%in": ["a@b.c"]}}}}}"#) == nil)
        let deep = String(repeating: #"{"%or": ["#, count: 20) + "{}" + String(repeating: "]}", count: 20)
        let nested = try config.refusal(#"{"appId": "a", "functions": {"f": {"source": "x", "canEvaluate": \#(deep)}}}"#)
        #expect(nested?.contains("function 'f'.canEvaluate: is nested deeper than 16 levels") == true, "\(nested ?? "accepted")")
    }
}
