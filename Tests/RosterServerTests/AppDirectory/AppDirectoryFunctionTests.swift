import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// The functions of an exported app directory (`functions/config.json` beside
/// `functions/<name>.js`) served: clients call them by name over the client API, a private one
/// is a function that does not exist to them, and a function's condition on callers
/// (`can_evaluate`) holds before it runs; one Roster cannot evaluate is refused at start.
@Suite(.timeLimit(.minutes(2))) struct AppDirectoryFunctionTests {
    @Test func clientsCallTheDirectorysFunctionsByName() async throws {
        let t = try await TestServer.make(try AppDirectoryServeTests.webTestApp().config)
        let ann = JavaScriptFunctionCallTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        let hello = await ann.call("translate", ["hello", "en_fr"])
        #expect(hello.status == 200 && hello.json == "bonjour")
        #expect(await ann.call("translate", ["bonjour", "fr_en"]).json == "hello")
        let hidden = await ann.call("customAuthentication", [["username": "ann"]])
        #expect(hidden.errorCode == "FunctionNotFound", "a private function is not called by clients")
    }

    @Test func runAsSystemFromTheDirectoryLetsAFunctionPastTheRules() async throws {
        let root = try AppDirectoryFixtures.copy("web-test-app")
        try AppDirectoryFixtures.write(
            """
            [
                { "name": "translate", "private": false },
                { "name": "customAuthentication", "private": true, "run_as_system": true },
                { "name": "resetPassword", "can_evaluate": {} },
                { "name": "asUser", "can_evaluate": {} },
                { "name": "asSystem", "run_as_system": true }
            ]
            """, to: "functions/config.json", in: root)
        // Without the app's default rule, a collection without rules of its own is closed to users.
        try FileManager.default.removeItem(at: root.appendingPathComponent("data_sources/local-mongodb/default_rule.json"))
        let source = """
            exports = async function() {
              const audit = context.services.get('local-mongodb').db('test-database').collection('audit');
              try { await audit.insertOne({ what: 'entry' }); } catch (e) { return 'refused'; }
              return (await audit.find({}).toArray()).map((d) => d.what);
            };
            """
        try AppDirectoryFixtures.write(source, to: "functions/asUser.js", in: root)
        try AppDirectoryFixtures.write(source, to: "functions/asSystem.js", in: root)
        let model = try AppDirectory.read(root, appId: "web-test-app-qzxyv").model
        let config = try model.servableApp(secrets: AppSecrets(["jwtSigningKey": AppDirectoryServeTests.signingKey])).config
        let t = try await TestServer.make(config)
        let ann = JavaScriptFunctionCallTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        #expect(await ann.call("asUser").json == "refused")
        #expect(await ann.call("asSystem").json == ["entry"])
    }

    /// `values/*.json` (a plain value, a value linked to a secret) and the chosen environment
    /// reach a function's `context`, as they reach the rules' `%%values`.
    @Test func theDirectorysValuesAndEnvironmentReachAFunction() async throws {
        let root = try AppDirectoryFixtures.copy("web-test-app")
        try AppDirectoryFixtures.write(
            """
            [
                { "name": "customAuthentication", "private": true, "run_as_system": true },
                { "name": "resetPassword", "can_evaluate": {} },
                { "name": "translate" },
                { "name": "settings" }
            ]
            """, to: "functions/config.json", in: root)
        try AppDirectoryFixtures.write(
            """
            exports = function() {
              return [context.values.get('greeting'), context.values.get('limits').max,
                      context.values.get('signingKey') === 'the-linked-secret', context.environment.tag];
            };
            """, to: "functions/settings.js", in: root)
        try AppDirectoryFixtures.write(#"{"name": "greeting", "value": "hej", "from_secret": false}"#, to: "values/greeting.json", in: root)
        try AppDirectoryFixtures.write(#"{"name": "limits", "value": {"max": 3}}"#, to: "values/limits.json", in: root)
        try AppDirectoryFixtures.write(#"{"name": "signingKey", "value": "linked", "from_secret": true}"#, to: "values/signingKey.json", in: root)
        try AppDirectoryFixtures.write(#"{"values": {}}"#, to: "environments/qa.json", in: root)
        let model = try AppDirectory.read(root, appId: "web-test-app-qzxyv", environment: "qa").model
        let secrets = AppSecrets(["jwtSigningKey": AppDirectoryServeTests.signingKey, "linked": "the-linked-secret"])
        let t = try await TestServer.make(try model.servableApp(secrets: secrets).config)
        let ann = JavaScriptFunctionCallTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        #expect(await ann.call("settings").json == ["hej", 3, true, "qa"])
    }

    /// `can_evaluate` in `functions/config.json` is served: the condition holds before the
    /// function runs, and the server answers a caller it keeps out as App Services does.
    @Test func aConditionOnCallersFromTheDirectoryIsEvaluated() async throws {
        let root = try AppDirectoryFixtures.copy("web-test-app")
        try AppDirectoryFixtures.write(
            """
            [
                { "name": "customAuthentication", "private": true, "run_as_system": true },
                { "name": "resetPassword", "can_evaluate": {} },
                { "name": "translate", "can_evaluate": { "%%user.data.email": { "%in": ["ann@example.com"] } } }
            ]
            """, to: "functions/config.json", in: root)
        let model = try AppDirectory.read(root, appId: "web-test-app-qzxyv").model
        let t = try await TestServer.make(try model.servableApp(secrets: AppSecrets(["jwtSigningKey": AppDirectoryServeTests.signingKey])).config)
        let anonymous = JavaScriptFunctionCallTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        let refused = await anonymous.call("translate", ["hello", "en_fr"])
        #expect(refused.status == 400 && refused.errorCode == "FunctionExecutionError")
        #expect(refused.errorMessage == #"rule not matched for function "translate""#)
    }

    @Test func aConditionRosterCannotEvaluateIsRefusedAtStartNamingItsKey() throws {
        var model = try AppDirectory.read(AppDirectoryFixtures.url("web-test-app")).model
        let translate = try #require(model.functions.firstIndex { $0.name == "translate" })
        model.functions[translate].canEvaluate = ["%%user.data.email": "%%root.email"]
        #expect(throws: AppDirectoryError(
            file: "functions/config.json", key: "translate.can_evaluate.%%user.data.email",
            reason: "the expansion '%%root.email' is not served in a function's condition (served: %%user, %%request, %%values, %%environment, %%true, %%false)"
        )) { _ = try model.servableApp(secrets: AppSecrets(["jwtSigningKey": AppDirectoryServeTests.signingKey])) }
        model.functions[translate].canEvaluate = ["%%user.id": ["$regex": "^a"]]
        #expect(throws: AppDirectoryError(
            file: "functions/config.json", key: "translate.can_evaluate.%%user.id.$regex",
            reason: "'$regex' is not served in rule expressions (served: $eq, $exists, $gt, $gte, $in, $lt, $lte, $ne, $nin, each also written with %)"
        )) { _ = try model.servableApp(secrets: AppSecrets(["jwtSigningKey": AppDirectoryServeTests.signingKey])) }
    }
}
