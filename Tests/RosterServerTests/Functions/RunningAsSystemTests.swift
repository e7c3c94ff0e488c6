import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `context.runningAsSystem()` over a real server, as App Services gives it: true in a
/// `runAsSystem` function, in a function the server runs for itself (an authentication
/// provider's, the confirmation function, a trigger's) and in any function those call; false in
/// a function running as the user who called it.
@Suite(.timeLimit(.minutes(2))) struct RunningAsSystemTests {
    static let asks = "exports = () => context.runningAsSystem();"
    /// Counts a collection no rule opens: only the system user may.
    static let vault = "exports = () => context.services.get('mongodb-atlas').db('vault').collection('secrets').count({});"

    static func call(_ t: TestServer, _ login: LoginResponse, _ name: String) async -> WireResponse {
        await t.call(.post, Route.functionCall(appId: t.appId), json: ["name": .string(name), "arguments": []], bearer: login.accessToken)
    }

    @Test func aFunctionRunsAsSystemWhenSetToAndAsItsCallerOtherwise() async throws {
        var config = TestConfig.app()
        config.functions = [
            "plain": FunctionConfig(source: Self.asks),
            "system": FunctionConfig(source: "exports = () => [context.runningAsSystem(), context.user.id];", runAsSystem: true),
        ]
        let t = try await TestServer.make(config)
        let ann = try await t.loggedIn(.anonymous)
        let plain = await Self.call(t, ann, "plain")
        #expect(plain.status == 200 && plain.json == false)
        #expect(await Self.call(t, ann, "system").json == [true, .string(ann.userId)], "its context.user is still the caller")
    }

    @Test func whatASystemFunctionCallsRunsAsSystemToo() async throws {
        var config = TestConfig.app()
        config.functions = [
            "plain": FunctionConfig(source: Self.asks, isPrivate: true),
            "vault": FunctionConfig(source: Self.vault),
            "system": FunctionConfig(
                source: "exports = async () => [await context.functions.execute('plain'), await context.functions.execute('vault')];",
                runAsSystem: true),
            "user": FunctionConfig(
                source: """
                    exports = async () =>
                      [context.runningAsSystem(), await context.functions.execute('plain'), await context.functions.execute('system')];
                    """),
        ]
        let t = try await TestServer.make(config)
        let ann = try await t.loggedIn(.anonymous)
        #expect(await Self.call(t, ann, "system").json == [true, 0], "the function it calls runs as system, past the rules")
        #expect(await Self.call(t, ann, "user").json == [false, false, [true, 0]], "as the user, until it calls a system function")
        let refused = await Self.call(t, ann, "vault")
        #expect(refused.status == 400 && refused.errorCode == "FunctionExecutionError", "called as the user, the rules hold it")
    }

    @Test func theServersOwnFunctionsRunAsSystem() async throws {
        var config = TestConfig.app(
            emailPassword: EmailPasswordConfig(confirmation: .function, confirmationFunctionName: "confirm"),
            customFunction: CustomFunctionConfig(functionName: "gate"))
        config.functions = [
            "gate": FunctionConfig(source: "exports = () => 'system-' + context.runningAsSystem();", isPrivate: true),
            "confirm": FunctionConfig(source: "exports = () => ({ status: context.runningAsSystem() === true ? 'success' : 'fail' });"),
        ]
        let t = try await TestServer.make(config)
        let login = try await t.loggedIn(.customFunction, ["pin": "1234"])
        let profile = try await t.call(.get, Route.profile, bearer: login.accessToken).decoded(ProfileResponse.self)
        #expect(profile.identities == [Identity(id: "system-true", provider: .customFunction)])
        #expect(await t.register("ann@example.com", "password-1").status == 201)
    }
}
