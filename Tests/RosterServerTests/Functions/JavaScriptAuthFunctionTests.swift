import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `custom-function` decided by one of the app's JavaScript functions (`functionName`, or an
/// app directory's `authFunctionName`), through `/auth/providers/custom-function/login`: the
/// function gets the log-in payload and returns the external id, as a string or an object's
/// `id`; what it throws refuses the log-in with its words.
@Suite(.timeLimit(.minutes(3))) struct JavaScriptAuthFunctionTests {
    /// realm-core's test app's `authFunc` (test/object-store/util/sync/baas_admin_api.cpp), and
    /// one answering an object with a profile name.
    static let authFunc = """
        exports = (loginPayload) => {
            return loginPayload["realmCustomAuthFuncUserId"];
        };
        """
    static let kiosk = """
        exports = async function ({ pin }) {
          if (pin !== '1234') throw new Error('unknown PIN');
          return { id: 'kiosk-ada', name: 'Ada', role: 'admin' };
        };
        """

    static func server() async throws -> TestServer {
        var config = TestConfig.app(customFunction: CustomFunctionConfig(functionName: "kiosk"))
        config.functions = ["authFunc": FunctionConfig(source: authFunc, isPrivate: true), "kiosk": FunctionConfig(source: kiosk, isPrivate: true)]
        return try await TestServer.make(config)
    }

    @Test func theFunctionsIdIsTheUserAndTheSameIdTheSameUser() async throws {
        let t = try await Self.server()
        let first = try await t.loggedIn(.customFunction, ["pin": "1234", "options": ["device": ["deviceId": "d1"]]])
        let second = try await t.loggedIn(.customFunction, ["pin": "1234"])
        #expect(first.userId == second.userId)
        let profile = try await t.call(.get, Route.profile, bearer: first.accessToken).decoded(ProfileResponse.self)
        #expect(profile.identities == [Identity(id: "kiosk-ada", provider: .customFunction)])
        #expect(profile.data["name"] == "Ada" && profile.data["role"] == nil)
        #expect(try await t.userCount() == 1)
    }

    @Test func whatTheFunctionThrowsRefusesTheLogInWithItsWords() async throws {
        let t = try await Self.server()
        let refused = await t.login(.customFunction, ["pin": "0000"])
        #expect(refused.status == 401 && refused.errorCode == "AuthError")
        #expect(refused.errorMessage == "unknown PIN")
        #expect(try await t.userCount() == 0)
    }

    /// However the function fails - it throws words or another value, returns nothing, or runs
    /// past its deadline - the log-in is refused with AuthError in words, and no user is made.
    @Test func aFunctionThatFailsRefusesTheLogInInWords() async throws {
        let gate = """
            exports = async function({ how }) {
              if (how === 'words') throw 'a PIN is required';
              if (how === 'value') throw { reason: 'locked' };
              if (how === 'forever') await new Promise(() => {});
              if (how === 'nothing') return;
              return 'kiosk-' + how;
            };
            """
        // The function that runs past its deadline gets one second on a server of its own; the
        // others get a minute, as a loaded machine can take more than a second to run them.
        func server(timeout: Double) async throws -> TestServer {
            var config = TestConfig.app(customFunction: CustomFunctionConfig(functionName: "gate"))
            config.functions = ["gate": FunctionConfig(source: gate, isPrivate: true, timeoutSeconds: timeout)]
            return try await TestServer.make(config)
        }
        let t = try await server(timeout: 60)
        try await t.refusedLogin(.customFunction, ["how": "words"], "a PIN is required")
        try await t.refusedLogin(.customFunction, ["how": "value"], #"{"reason":"locked"}"#)
        try await t.refusedLogin(.customFunction, ["how": "nothing"], "the authentication function failed: it returned neither an id nor an object")
        let brief = try await server(timeout: 1)
        try await brief.refusedLogin(.customFunction, ["how": "forever"], "execution time limit exceeded")
        #expect(try await t.loggedIn(.customFunction, ["how": "ada"]).userId.isEmpty == false, "and it still logs people in")
    }

    @Test func anIdReturnedAsAStringIsTheUser() async throws {
        var config = TestConfig.app(customFunction: CustomFunctionConfig(functionName: "authFunc"))
        config.functions = ["authFunc": FunctionConfig(source: Self.authFunc, isPrivate: true)]
        let t = try await TestServer.make(config)
        let ann = try await t.loggedIn(.customFunction, ["realmCustomAuthFuncUserId": "ann-1"])
        #expect(try await t.loggedIn(.customFunction, ["realmCustomAuthFuncUserId": "ann-1"]).userId == ann.userId)
        #expect(try await t.loggedIn(.customFunction, ["realmCustomAuthFuncUserId": "bob-2"]).userId != ann.userId)
        let nothing = await t.login(.customFunction, [:])
        #expect(nothing.status == 401 && nothing.errorCode == "AuthError")
    }

    @Test func aFunctionNameThatIsNoJavaScriptFunctionIsRefusedAtStart() throws {
        var config = TestConfig.app(customFunction: CustomFunctionConfig(functionName: "missing"))
        #expect(throws: AppConfigError.self) { try config.validate(source: "test") }
        config.functions = ["missing": FunctionConfig(source: Self.authFunc)]
        try config.validate(source: "test")
        let decoded = try JSONDecoder().decode(CustomFunctionConfig.self, from: Data(#"{"functionName": "authFunc"}"#.utf8))
        #expect(decoded == CustomFunctionConfig(functionName: "authFunc"))
    }

    @Test func anAppDirectorysAuthFunctionNameDecidesItsLogIns() async throws {
        let model = try AppDirectory.read(AppDirectoryFixtures.url("web-test-app"), appId: "web-test-app-qzxyv").model
        let provider = try #require(model.providers.firstIndex { $0.kind == .customFunction })
        #expect(!model.providers[provider].disabled, "realm-web's test app logs in with a function")
        let config = try model.servableApp(secrets: AppSecrets(["jwtSigningKey": AppDirectoryServeTests.signingKey])).config
        #expect(config.providers.customFunction == CustomFunctionConfig(functionName: "customAuthentication"))
        let t = try await TestServer.make(config)
        let ann = try await t.loggedIn(.customFunction, ["username": "ann", "secret": "v3ry-s3cret"])
        #expect(try await t.loggedIn(.customFunction, ["username": "ann", "secret": "v3ry-s3cret"]).userId == ann.userId)
        let refused = await t.login(.customFunction, ["username": "ann"])
        #expect(refused.status == 401 && refused.errorCode == "AuthError" && refused.errorMessage == "Ah ah ah, you didn't say the magic word")
    }
}
