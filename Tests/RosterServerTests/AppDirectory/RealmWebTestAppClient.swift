import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// realm-web's test app (`Fixtures/AppDirectories/web-test-app`, written as App Services exports
/// the app realm-web's integration tests import) served as `serve --app-dir` serves it, and the
/// requests realm-web sends to it: log-ins with its device information, function calls, the
/// remote MongoDB service `local-mongodb`, API keys, and the email/password routes.
struct RealmWebTestAppClient {
    /// The key the custom-token provider's `jwtSigningKey` secret holds in these tests.
    static let signingKey = AppDirectoryServeTests.signingKey

    let t: TestServer
    var appId: String { t.appId }

    static func start(_ kind: StoreKind = .sqlite) async throws -> RealmWebTestAppClient {
        let model = try AppDirectory.read(AppDirectoryFixtures.url("web-test-app"), appId: "my-test-app-qzxyv").model
        var config = try model.servableApp(secrets: AppSecrets(["jwtSigningKey": signingKey])).config
        config.passwordHashing = PasswordHashingConfig(logN: 10, r: 8, p: 1)  // quick, for tests
        return RealmWebTestAppClient(t: try await TestServer.make(config, store: kind))
    }

    /// A log-in as `app.logIn(credentials)` posts it: the credentials' payload and the device.
    func logIn(_ provider: ProviderType, _ payload: JSONObject = [:], linking user: LoginResponse? = nil) async -> WireResponse {
        var body = payload
        body["options"] = ["device": ["platform": "chrome", "platformVersion": "120.0.0", "sdkVersion": "2.0.1"]]
        return await t.call(
            .post, Route.login(appId: appId, provider: provider), json: .object(body), bearer: user?.accessToken,
            query: user == nil ? [:] : ["link": "true"])
    }

    func loggedIn(_ provider: ProviderType, _ payload: JSONObject = [:]) async throws -> LoginResponse {
        let response = await logIn(provider, payload)
        guard response.status == 200 else { throw TestServer.Unexpected(response: response) }
        return try response.decoded(LoginResponse.self)
    }

    /// `user.functions.<name>(...arguments)` or, with a service, a call of that service.
    func call(_ name: String, _ arguments: [JSONValue], service: String? = nil, as token: String) async -> WireResponse {
        var body: JSONObject = ["name": .string(name), "arguments": .array(arguments)]
        if let service { body["service"] = .string(service) }
        return await t.call(.post, Route.functionCall(appId: appId), json: .object(body), bearer: token)
    }

    /// `app.services.mongodb("local-mongodb").db("test-database").collection("test-collection")`.
    func collection(_ user: LoginResponse) -> Collection { Collection(client: self, token: user.accessToken) }

    /// A remote MongoDB collection's calls, with the arguments realm-web's `MongoDBCollection` sends.
    struct Collection {
        let client: RealmWebTestAppClient
        let token: String
        static let namespace: JSONObject = ["database": "test-database", "collection": "test-collection"]

        func send(_ name: String, _ arguments: JSONObject) async -> WireResponse {
            var argument = Self.namespace
            argument.merge(arguments) { $1 }
            return await client.call(name, [.object(argument)], service: "local-mongodb", as: token)
        }

        func callAnswer(_ name: String, _ arguments: JSONObject) async throws -> JSONValue {
            let response = await send(name, arguments)
            guard response.status == 200, let json = response.json else { throw TestServer.Unexpected(response: response) }
            return json
        }
    }
}
