import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `context.user` where a JavaScript function runs as the system user, over a real server: in
/// a function the server runs for itself (a trigger's, the custom-function provider's, the
/// confirmation function, the user creation function) it is the system user, `type: "system"`
/// with no data and no identities; in a `runAsSystem` function a client calls it stays the
/// caller, as App Services gives it.
@Suite(.timeLimit(.minutes(2))) struct SystemUserContextTests {
    /// `context.user` in words one answer can carry: its type, how many data fields and how
    /// many identities it has.
    static let seen = "[context.user.type, Object.keys(context.user.data).length, context.user.identities.length].join('-')"

    @Test func anAuthenticationTriggersFunctionRunsAsTheSystemUser() async throws {
        var config = TestConfig.app()
        config.functions = [
            "logUser": FunctionConfig(
                source: """
                    exports = async function(event) {
                      const log = context.services.get('mongodb-atlas').db('log').collection('users');
                      await log.insertOne({ seen: \(Self.seen), eventUser: event.user.type });
                    };
                    """, isPrivate: true)
        ]
        config.triggers = [TriggerConfig(name: "onCreate", functionName: "logUser", event: .authentication(operation: .create, providers: ["anon-user"]))]
        let t = try await TestServer.make(config)
        _ = try await t.loggedIn(.anonymous)
        let store = try #require(t.server.services.login.triggers).store
        let scope = DocumentScope(appId: TestConfig.appId, database: "log", collection: "users")
        let deadline = ContinuousClock.now + .seconds(60)
        var logged: [JSONValue] = []
        while logged.isEmpty && ContinuousClock.now < deadline {
            logged = try await store.documentPage(scope, after: nil, count: 10).compactMap { try? JSONValue(parsing: $0.body) }
            if logged.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(logged.first?["seen"] == "system-0-0")
        #expect(logged.first?["eventUser"] == "normal", "the event's user is the user who was made")
    }

    @Test func theCustomFunctionProvidersFunctionRunsAsTheSystemUser() async throws {
        var config = TestConfig.app(customFunction: CustomFunctionConfig(functionName: "gate"))
        config.functions = ["gate": FunctionConfig(source: "exports = () => ({ id: \(Self.seen) });", isPrivate: true)]
        let t = try await TestServer.make(config)
        let login = try await t.loggedIn(.customFunction, ["pin": "1234"])
        let profile = try await t.call(.get, Route.profile, bearer: login.accessToken).decoded(ProfileResponse.self)
        #expect(profile.identities == [Identity(id: "system-0-0", provider: .customFunction)])
        #expect(profile.type == .normal, "the user it logs in is a normal user")
    }

    @Test func theConfirmationFunctionRunsAsTheSystemUser() async throws {
        var config = TestConfig.app(
            emailPassword: EmailPasswordConfig(confirmation: .function, confirmationFunctionName: "confirm"))
        config.functions = [
            "confirm": FunctionConfig(source: "exports = () => ({ status: \(Self.seen) === 'system-0-0' ? 'success' : 'fail' });")
        ]
        let t = try await TestServer.make(config)
        #expect(await t.register("ann@example.com", "password-1").status == 201)
    }

    @Test func theUserCreationFunctionRunsAsTheSystemUser() async throws {
        var config = TestConfig.app()
        config.functions = [
            "onUserCreation": FunctionConfig(
                source: """
                    exports = async function(user) {
                      const users = context.services.get('mongodb-atlas').db('my_database').collection('users');
                      await users.updateOne({ userId: user.id }, { $set: { seen: \(Self.seen), newUser: user.type } }, { upsert: true });
                    };
                    """, isPrivate: true)
        ]
        config.customUserData?.onUserCreationFunctionName = "onUserCreation"
        let t = try await TestServer.make(config)
        let login = try await t.loggedIn(.anonymous)
        let data = try UnverifiedJWT.claims(AccessTokenClaims.self, of: login.accessToken).userData
        #expect(data?["seen"] == "system-0-0")
        #expect(data?["newUser"] == "normal", "its argument is the new user")
    }

    @Test func aRunAsSystemFunctionAClientCallsKeepsTheCallerAsContextUser() async throws {
        var config = TestConfig.app()
        config.functions = ["me": FunctionConfig(source: "exports = () => context.user;", runAsSystem: true)]
        let t = try await TestServer.make(config)
        let ann = try await t.loggedIn(.anonymous)
        let body: JSONValue = ["name": "me", "arguments": []]
        let answer = await t.call(.post, Route.functionCall(appId: t.appId), json: body, bearer: ann.accessToken)
        #expect(answer.json?["id"] == .string(ann.userId))
        #expect(answer.json?["type"] == "normal")
        #expect(answer.json?["identities"]?.arrayValue?.first?["provider_type"] == "anon-user")
    }
}
