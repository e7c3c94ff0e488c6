import AsyncHTTPClient
import Foundation
import RosterServer
import RosterServerCore
import RosterWire

extension ServedStore {
    /// What the routes need from a served store: a log-in of the first generated user, an API
    /// key of its, and a device log-in started and left waiting.
    struct Credentials {
        let login: LoginResponse
        let apiKey: String
        let deviceCode: String
        let userCode: String

        static func obtain(base: String, appId: String) async throws -> Credentials {
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
            do {
                let login = try await call(
                    client, base + Route.login(appId: appId, provider: .emailPassword),
                    body: ["username": "generated-0@example.invalid", "password": .string(password)], as: LoginResponse.self)
                let key = try await call(
                    client, base + Route.apiKeys, body: ["name": "benchmark"], bearer: login.refreshToken, as: APIKeyResponse.self)
                let device = try await call(client, base + deviceRoute(appId: appId, "start"), body: [:], as: DeviceStart.self)
                try await client.shutdown()
                guard let apiKey = key.key else { throw HTTPBenchmark.Failure(description: "the API key was created without its key") }
                return Credentials(login: login, apiKey: apiKey, deviceCode: device.device_code, userCode: device.user_code)
            } catch {
                try? await client.shutdown()
                throw error
            }
        }

        /// The two fields of a device log-in's start that the routes use.
        private struct DeviceStart: Decodable {
            let device_code: String
            let user_code: String
        }
    }

    /// `…/app/{appId}/auth/device/{step}`.
    static func deviceRoute(appId: String, _ step: String) -> String { "\(Route.app(appId))/auth/device/\(step)" }

    /// Every route a client calls again and again, as wrk sends it: the ceiling first, then the
    /// refresh (`refresh` is routes[1]); then what a signed-in client reads and writes, the
    /// log-ins, the device log-in's poll and its page. Left out: what a request can do only once
    /// (a log-out, a deletion, a confirmation), what a password hash decides (the email/password
    /// routes, measured by the paired log-ins), and a device log-in's start, which an app allows
    /// one address at most 10,000 times an hour: wrk would measure its refusals after a second.
    static func routes(appId: String, _ credentials: Credentials) -> [RouteLoad] {
        let json = ["Content-Type": "application/json"]
        let access = ["Authorization": "Bearer \(credentials.login.accessToken)"]
        let refresh = ["Authorization": "Bearer \(credentials.login.refreshToken)"]
        let userId = JSONValue.string(credentials.login.userId)
        /// A data-access call as the SDKs' `MongoCollection` sends it.
        func data(_ name: String, _ collection: (database: String, name: String), _ arguments: JSONObject) -> WrkRun.Load {
            var argument: JSONObject = ["database": .string(collection.database), "collection": .string(collection.name)]
            argument.merge(arguments) { _, given in given }
            let call = JSONValue.object([
                "name": .string(name), "arguments": .array([.object(argument)]), "service": "mongodb-atlas",
            ])
            return .init(method: "POST", path: Route.functionCall(appId: appId), headers: json.merging(access) { first, _ in first }, bodies: [call.compactText])
        }
        let customData = (database: "my_database", name: "users")
        return [
            RouteLoad(name: "location (the ceiling)", load: .init(method: "GET", path: Route.location(appId: appId))),
            RouteLoad(name: "refresh", load: .init(method: "POST", path: Route.session, headers: refresh)),
            RouteLoad(name: "profile", load: .init(method: "GET", path: Route.profile, headers: access)),
            RouteLoad(name: "providers", load: .init(method: "GET", path: Route.providers(appId: appId))),
            RouteLoad(name: "custom data location", load: .init(method: "GET", path: Route.customUserData(appId: appId))),
            RouteLoad(name: "custom data update", load: data("updateOne", customData, [
                "query": ["userId": userId], "update": ["$inc": ["visits": 1]], "upsert": true,
            ])),
            RouteLoad(name: "data find", load: data("find", customData, ["query": [:], "limit": 10])),
            RouteLoad(name: "data insertOne", load: data("insertOne", (database: "bench", name: "notes"), [
                "document": ["text": "a note", "pinned": false],
            ])),
            RouteLoad(name: "API key list", load: .init(method: "GET", path: Route.apiKeys, headers: refresh)),
            RouteLoad(
                name: "anonymous log-in",
                load: .init(method: "POST", path: Route.login(appId: appId, provider: .anonymous), headers: json, bodies: ["{}"])),
            RouteLoad(
                name: "API-key log-in",
                load: .init(
                    method: "POST", path: Route.login(appId: appId, provider: .apiKey), headers: json,
                    bodies: [JSONValue.object(["key": .string(credentials.apiKey)]).compactText])),
            // Nobody approves: every poll is answered 400 (slow_down), and is still a store write.
            RouteLoad(
                name: "device log-in poll",
                load: .init(
                    method: "POST", path: deviceRoute(appId: appId, "poll"), headers: json,
                    bodies: [JSONValue.object(["device_code": .string(credentials.deviceCode)]).compactText], expectedStatus: 400)),
            RouteLoad(
                name: "device page",
                load: .init(method: "GET", path: "\(DeviceLoginService.pagePath)?code=\(credentials.userCode.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")),
            RouteLoad(name: "health", load: .init(method: "GET", path: HealthRoutes.health)),
        ]
    }
}
