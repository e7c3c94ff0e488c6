import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// realm-core's test app (test/object-store/util/sync/baas_admin_api.cpp): its five JavaScript
/// functions as written there, its email/password provider confirming and resetting through
/// `confirmFunc` and `resetFunc`, its custom-function provider on `authFunc` and its custom user
/// data in `UserData` by `user_id`, each answering through the client API as realm-core's
/// tests expect: from a configuration, and as realm-core's harness makes it through the Admin
/// API (RealmCoreAdminSetup).
@Suite(.timeLimit(.minutes(3))) struct RealmCoreTestAppTests {
    /// Where the app comes from.
    enum Origin: String, CaseIterable, Sendable { case configuration, adminAPI }

    static func updateUserData(database: String = "test_data") -> String {
        """
        exports = async function(data) {
            const user = context.user;
            const mongodb = context.services.get("BackingDB");
            const userDataCollection = mongodb.db("\(database)").collection("UserData");
            await userDataCollection.updateOne(
                                               { "user_id": user.id },
                                               { "$set": data },
                                               { "upsert": true }
                                               );
            return true;
        };
        """
    }
    static let sumFunc = """
        exports = function(...args) {
            return args.reduce((a,b) => a + b, 0);
        };
        """
    static let confirmFunc = """
        exports = ({ token, tokenId, username }) => {
            // process the confirm token, tokenId and username
            if (username.includes("realm_tests_do_autoverify")) {
              return { status: 'success' }
            }
            // do not confirm the user
            return { status: 'fail' };
        };
        """
    static let authFunc = """
        exports = (loginPayload) => {
            return loginPayload["realmCustomAuthFuncUserId"];
        };
        """
    static let resetFunc = """
        exports = ({ token, tokenId, username, password }) => {
            // process the reset token, tokenId, username and password
            if (password.includes("realm_tests_do_reset")) {
              return { status: 'success' };
            }
            // will not reset the password
            return { status: 'fail' };
        };
        """

    static func server(_ origin: Origin = .configuration) async throws -> TestServer {
        if origin == .adminAPI { return try await RealmCoreAdminSetup.createApp(on: try await AdminTestServer.make(store: .sqlite)).testServer }
        var config = TestConfig.app(
            maxRequestBytes: 65536,
            emailPassword: EmailPasswordConfig(confirmation: .function, confirmationFunctionName: "confirmFunc", resetFunctionName: "resetFunc"),
            customFunction: CustomFunctionConfig(functionName: "authFunc"))
        config.functions = [
            "updateUserData": FunctionConfig(source: updateUserData()), "sumFunc": FunctionConfig(source: sumFunc),
            "confirmFunc": FunctionConfig(source: confirmFunc), "authFunc": FunctionConfig(source: authFunc),
            "resetFunc": FunctionConfig(source: resetFunc),
        ]
        config.dataServices = ["BackingDB"]
        config.customUserData = CustomUserDataConfig(database: "test_data", collection: "UserData", userIdField: "user_id")
        config.rules = [DataRule(database: "test_data", collection: "UserData", read: .own, write: .own, userIdField: "user_id")]
        return try await TestServer.make(config)
    }

    static let email = "realm_tests_do_autoverify-ann@example.com"

    func call(_ t: TestServer, _ login: LoginResponse, _ name: String, _ arguments: [JSONValue]) async -> WireResponse {
        await t.call(.post, Route.functionCall(appId: t.appId), json: ["name": .string(name), "arguments": .array(arguments)], bearer: login.accessToken)
    }

    @Test(arguments: Origin.allCases) func updateUserDataIsTheUsersCustomDataOnTheNextRefresh(_ origin: Origin) async throws {
        let t = try await Self.server(origin)
        let login = try await t.loggedIn(.anonymous)
        let answer = await call(t, login, "updateUserData", [["favourite_colour": "green"]])
        #expect(answer.status == 200 && answer.json == true, "\(String(decoding: answer.body, as: UTF8.self))")
        let refreshed = try await t.call(.post, Route.session, bearer: login.refreshToken).decoded(SessionResponse.self)
        let data = try UnverifiedJWT.claims(AccessTokenClaims.self, of: refreshed.accessToken).userData
        #expect(data?["favourite_colour"] == "green" && data?["user_id"] == .string(login.userId))
    }

    @Test(arguments: Origin.allCases) func sumFuncAddsItsArguments(_ origin: Origin) async throws {
        let t = try await Self.server(origin)
        let login = try await t.loggedIn(.anonymous)
        let numbers: [JSONValue] = (1...5).map { ["$numberLong": .string(String($0))] }
        let answer = await call(t, login, "sumFunc", numbers)
        #expect(answer.status == 200 && answer.json == 15)
    }

    @Test(arguments: Origin.allCases) func confirmFuncConfirmsAutoverifyAddressesAndRefusesOthers(_ origin: Origin) async throws {
        let t = try await Self.server(origin)
        #expect(await t.register(Self.email, "password-1").status == 201)
        #expect(await t.emailLogin(Self.email, "password-1").status == 200)
        let refused = await t.register("ann@example.com", "password-1")
        #expect(refused.status == 400 && refused.errorCode == "BadRequest")
        #expect(refused.errorMessage == #"failed to confirm user "ann@example.com""#)
        // Nothing was kept: the same registration is refused the same way, not as a name in use.
        #expect(await t.register("ann@example.com", "password-1").errorMessage == #"failed to confirm user "ann@example.com""#)
    }

    @Test(arguments: Origin.allCases) func authFuncsUserIdIsTheUser(_ origin: Origin) async throws {
        let t = try await Self.server(origin)
        let ann = try await t.loggedIn(.customFunction, ["realmCustomAuthFuncUserId": "ann-1"])
        #expect(try await t.loggedIn(.customFunction, ["realmCustomAuthFuncUserId": "ann-1"]).userId == ann.userId)
        #expect(try await t.loggedIn(.customFunction, ["realmCustomAuthFuncUserId": "bob-2"]).userId != ann.userId)
    }

    @Test(arguments: Origin.allCases) func resetFuncResetsOnlyToAPasswordItAccepts(_ origin: Origin) async throws {
        let t = try await Self.server(origin)
        #expect(await t.register(Self.email, "password-1").status == 201)
        let refused = await t.emailRoute(.resetCall, ["email": .string(Self.email), "password": "other-password", "arguments": [[:]]])
        #expect(refused.status == 400 && refused.errorCode == "FunctionExecutionError")
        #expect(refused.errorMessage == "failed to reset password for user \"\(Self.email)\"")
        #expect(await t.emailLogin(Self.email, "password-1").status == 200)
        let reset = await t.emailRoute(.resetCall, ["email": .string(Self.email), "password": "realm_tests_do_reset-2", "arguments": []])
        #expect(reset.status == 204)
        #expect(await t.emailLogin(Self.email, "realm_tests_do_reset-2").status == 200)
        #expect(await t.emailLogin(Self.email, "password-1").errorCode == "InvalidPassword")
    }

    @Test func anAppDirectorysConfirmationAndResetFunctionsAreServed() async throws {
        var model = try AppDirectory.read(AppDirectoryFixtures.url("web-test-app"), appId: "web-test-app-qzxyv").model
        let provider = try #require(model.providers.firstIndex { $0.kind == .emailPassword })
        model.providers[provider].settings = .emailPassword(AppEmailPasswordSettings(
            runConfirmationFunction: true, confirmationFunctionName: "confirmFunc", runResetFunction: true, resetFunctionName: "resetFunc"))
        let secrets = AppSecrets(["jwtSigningKey": AppDirectoryServeTests.signingKey])
        #expect(throws: AppDirectoryError.self) { _ = try model.servableApp(secrets: secrets) }
        model.functions += [AppFunction(name: "confirmFunc", source: Self.confirmFunc), AppFunction(name: "resetFunc", source: Self.resetFunc)]
        let t = try await TestServer.make(try model.servableApp(secrets: secrets).config)
        #expect(await t.register(Self.email, "password-1").status == 201)
        #expect(await t.register("ann@example.com", "password-1").errorMessage == #"failed to confirm user "ann@example.com""#)
        #expect(await t.emailRoute(.resetCall, ["email": .string(Self.email), "password": "realm_tests_do_reset-2"]).status == 204)
        #expect(await t.emailLogin(Self.email, "realm_tests_do_reset-2").status == 200)
    }
}
