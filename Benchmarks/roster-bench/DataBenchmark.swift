import Foundation
import RosterServer
import RosterServerCore
import RosterWire

/// The cost of the hot server paths that read custom user data, the log-in and the refresh, as
/// the custom data collection grows: the lookup is an index seek, so the cost should not grow
/// with it. Each size gets its own server over a fresh SQLite file in `directory`.
enum DataBenchmark {
    struct Result {
        let documents: Int
        let fill: Double
        let login: Timing
        let refresh: Timing
    }

    static func run(documents: Int, logins: Int, refreshes: Int, in directory: URL) async throws -> Result {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = try AppConfig.demo()
        let server = try await RosterServer.open(
            sqliteFile: directory.appendingPathComponent("server-\(documents).sqlite").path, apps: [config])
        let data = try require(config.customUserData)

        // Everyone else's documents, then the benchmark user's own among them.
        let started = DispatchTime.now().uptimeNanoseconds
        let batch = 10_000
        for start in stride(from: 0, to: documents - 1, by: batch) {
            let documents: [JSONValue] = (start..<min(start + batch, documents - 1)).map { index in
                [data.userIdField: .string(String(format: "%024x", index + 1)), "favoriteColor": "green", "shift": .int(Int64(index % 3))]
            }
            try await server.admin.insertDocuments(
                appId: config.appId, database: data.database, collection: data.collection, documents)
        }
        let fill = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000_000
        let token = try await server.admin.mintCustomJWT(appId: config.appId, subject: "benchmark", claims: [:], lifetime: 3600)
        let loginRequest = WireRequest(
            method: .post, path: Route.login(appId: config.appId, provider: .customToken),
            headers: ["content-type": "application/json"], body: JSONValue.object(["token": .string(token)]).data)
        let first = try WireCoding.decode(LoginResponse.self, from: try expectOK(await server.respond(to: loginRequest)))
        try await server.admin.setCustomData(appId: config.appId, userId: first.userId, document: ["favoriteColor": "teal"])

        // Log-ins are async: time them one after another on this task.
        var loginSamples: [Double] = []
        for _ in 0..<logins {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try expectOK(await server.respond(to: loginRequest))
            loginSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        let refreshRequest = WireRequest(method: .post, path: Route.session, headers: ["authorization": "Bearer \(first.refreshToken)"])
        var refreshSamples: [Double] = []
        for _ in 0..<refreshes {
            let start = DispatchTime.now().uptimeNanoseconds
            let body = try expectOK(await server.respond(to: refreshRequest))
            refreshSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
            // The answer carries the user's own document, found among all the others.
            let access = try WireCoding.decode(SessionResponse.self, from: body).accessToken
            guard try UnverifiedJWT.claims(AccessTokenClaims.self, of: access).userData?["favoriteColor"] == "teal" else {
                throw BenchmarkFailure("the refresh did not carry the user's custom data")
            }
        }
        return Result(
            documents: documents, fill: fill, login: Timing(milliseconds: loginSamples.sorted()),
            refresh: Timing(milliseconds: refreshSamples.sorted()))
    }

    private static func expectOK(_ response: WireResponse) throws -> Data {
        guard response.status == 200 else {
            throw BenchmarkFailure("the server answered \(response.status): \(String(decoding: response.body, as: UTF8.self))")
        }
        return response.body
    }

    private static func require<T>(_ value: T?) throws -> T {
        guard let value else { throw BenchmarkFailure("the demo app keeps no custom user data") }
        return value
    }
}
