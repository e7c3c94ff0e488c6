import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// The custom user data creation function (`customUserData.onUserCreationFunctionName`, an app
/// directory's `on_user_creation_function_name`): run once for each new user, as the system
/// user, with the user as its argument, before the first access token, so the data it writes
/// is in that token; a function that throws does not stop the log-in.
@Suite(.timeLimit(.minutes(2))) struct JavaScriptUserCreationFunctionTests {
    static let onUserCreation = """
        exports = async function onUserCreation(user) {
          const users = context.services.get('mongodb-atlas').db('my_database').collection('users');
          await users.updateOne(
            { userId: user.id },
            { $set: { team: 'service', provider: user.identities[0].provider_type, isUser: user.type === 'normal' }, $inc: { runs: 1 } },
            { upsert: true });
        };
        """

    static func server(_ source: String) async throws -> TestServer {
        var config = TestConfig.app()
        config.functions = ["onUserCreation": FunctionConfig(source: source, isPrivate: true)]
        config.customUserData?.onUserCreationFunctionName = "onUserCreation"
        return try await TestServer.make(config)
    }

    @Test func aNewUsersFirstTokenHoldsTheDataItsFunctionWroteAndItRunsOnce() async throws {
        let t = try await Self.server(Self.onUserCreation)
        _ = await t.register("ann@example.com", "secret-12")
        let first = try await t.emailLogin("ann@example.com", "secret-12").decoded(LoginResponse.self)
        let data = try UnverifiedJWT.claims(AccessTokenClaims.self, of: first.accessToken).userData
        #expect(data?["team"] == "service" && data?["provider"] == "local-userpass" && data?["isUser"] == true)
        #expect(data?["runs"] == 1)
        let again = try await t.emailLogin("ann@example.com", "secret-12").decoded(LoginResponse.self)
        #expect(again.userId == first.userId)
        #expect(try UnverifiedJWT.claims(AccessTokenClaims.self, of: again.accessToken).userData?["runs"] == 1, "a returning user is not new")
    }

    @Test func aFunctionThatThrowsLeavesTheLogInAsItWas() async throws {
        let t = try await Self.server("exports = async function(user) { throw new Error('no store for ' + user.id); };")
        let login = try await t.loggedIn(.anonymous)
        #expect(try UnverifiedJWT.claims(AccessTokenClaims.self, of: login.accessToken).userData == nil)
        #expect(try await t.userCount() == 1)
    }

    @Test func aNameThatIsNoJavaScriptFunctionIsRefusedAtStart() throws {
        var config = TestConfig.app()
        config.customUserData?.onUserCreationFunctionName = "missing"
        #expect(throws: AppConfigError.self) { try config.validate(source: "test") }
    }
}
