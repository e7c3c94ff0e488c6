import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
import RosterServerAssembly

/// What is checked before a route runs, once for all routes: the app of an app route, the
/// caller's bearer token, and the body limit (the largest of any app, then the app's own).
@Suite struct RouteCheckTests {
    /// One server serving a small app (1 KiB bodies) and a large one (8 KiB), as two clients.
    func twoApps(store kind: StoreKind) async throws -> (small: TestServer, large: TestServer) {
        let clock = TestClock()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-server-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let databasePath = try await kind.newDatabasePath(in: directory)
        let server = try await ServerAssembly.open(
            databasePath: databasePath,
            apps: [TestConfig.app(appId: "small", maxRequestBytes: 1024), TestConfig.app(appId: "large", maxRequestBytes: 8192)],
            environment: ServerEnvironment(now: { clock.now }))
        return (
            TestServer(server: server, directory: directory, clock: clock, appId: "small", databasePath: databasePath),
            TestServer(server: server, directory: directory, clock: clock, appId: "large", databasePath: databasePath)
        )
    }

    @Test(arguments: StoreKind.allCases) func eachAppHasItsOwnBodyLimit(_ kind: StoreKind) async throws {
        let (small, large) = try await twoApps(store: kind)
        func anonymous(_ t: TestServer, bytes: Int) async -> WireResponse {
            await t.call(.post, Route.login(appId: t.appId, provider: .anonymous), body: SizedBody.json(bytes: bytes))
        }
        func expectTooLarge(_ response: WireResponse, limit: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(response.status == 413 && response.errorCode == "PayloadTooLarge", sourceLocation: sourceLocation)
            #expect(response.errorMessage == "the request body is larger than \(limit) bytes", sourceLocation: sourceLocation)
        }
        // Each app takes a body of its limit and refuses one byte more.
        #expect(await anonymous(small, bytes: 1023).status == 200)
        #expect(await anonymous(small, bytes: 1024).status == 200)
        expectTooLarge(await anonymous(small, bytes: 1025), limit: 1024)
        #expect(await anonymous(large, bytes: 1025).status == 200)
        #expect(await anonymous(large, bytes: 8192).status == 200)
        expectTooLarge(await anonymous(large, bytes: 8193), limit: 8192)
        // Over the largest app's limit, any route refuses it before anything else; at the limit
        // the route runs (and here asks for the token it was not given).
        expectTooLarge(await large.call(.post, Route.session, body: SizedBody.json(bytes: 8193)), limit: 8192)
        let read = await large.call(.post, Route.session, body: SizedBody.json(bytes: 8192))
        #expect(read.status == 401 && read.errorCode == "InvalidSession" && read.errorMessage == "must authenticate first")
        // The API-key routes have no app id: the refresh token's app sets the limit.
        let smallUser = try await small.loggedIn(.anonymous)
        let largeUser = try await large.loggedIn(.anonymous)
        func newKey(_ t: TestServer, _ user: LoginResponse, bytes: Int, name: String) async -> WireResponse {
            await t.call(.post, Route.apiKeys, body: SizedBody.json(bytes: bytes, leading: "\"name\":\"\(name)\","), bearer: user.refreshToken)
        }
        #expect(await newKey(small, smallUser, bytes: 1024, name: "at-limit").status == 201)
        expectTooLarge(await newKey(small, smallUser, bytes: 1025, name: "over"), limit: 1024)
        #expect(await newKey(large, largeUser, bytes: 8192, name: "at-limit").status == 201)
        expectTooLarge(await newKey(large, largeUser, bytes: 8193, name: "over"), limit: 8192)
        // Only what was taken was done: the two log-ins at or under the limit and the user.
        #expect(try await small.userCount() == 3)
        let keys = await small.call(.get, Route.apiKeys, bearer: smallUser.refreshToken).json?.arrayValue ?? []
        #expect(keys.map { $0["name"] } == ["at-limit"])
    }

    @Test(arguments: StoreKind.allCases) func aTokenServesOnlyItsOwnApp(_ kind: StoreKind) async throws {
        let (small, large) = try await twoApps(store: kind)
        let smallUser = try await small.loggedIn(.anonymous)
        let call = await large.call(.post, Route.functionCall(appId: "large"), json: ["name": "nothing"], bearer: smallUser.accessToken)
        #expect(call.status == 401 && call.errorCode == "InvalidSession" && call.errorMessage == "the token is for another app")
        let link = await large.call(
            .post, Route.login(appId: "large", provider: .anonymous), json: [:], bearer: smallUser.accessToken, query: ["link": "true"])
        #expect(link.status == 401 && link.errorMessage == "the token is for another app")
    }

    @Test(arguments: StoreKind.allCases) func bearerHeadersAreReadTheSameOnEveryRoute(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let ann = try await t.loggedIn(.anonymous)
        func send(_ method: WireMethod, _ path: String, authorization: String?, query: [String: String] = [:]) async -> WireResponse {
            var headers = ["content-type": "application/json"]
            if let authorization { headers["authorization"] = authorization }
            return await t.server.respond(to: WireRequest(method: method, path: path, query: query, headers: headers, body: Data("{}".utf8)))
        }
        let needingTokens: [(WireMethod, String, [String: String])] = [
            (.get, Route.profile, [:]), (.delete, Route.delete, [:]), (.post, Route.session, [:]), (.delete, Route.session, [:]),
            (.get, Route.apiKeys, [:]), (.post, Route.functionCall(appId: t.appId), [:]),
            (.post, Route.login(appId: t.appId, provider: .anonymous), ["link": "true"]),
        ]
        for (method, path, query) in needingTokens {
            let missing = await send(method, path, authorization: nil, query: query)
            #expect(missing.status == 401 && missing.errorMessage == "must authenticate first", "\(method) \(path)")
            let basic = await send(method, path, authorization: "Basic YW5uOnB3", query: query)
            #expect(basic.errorMessage == "the Authorization header must be 'Bearer <token>'", "\(method) \(path)")
        }
        // The scheme in any case; and a log-in that does not link ignores the header.
        #expect(await send(.get, Route.profile, authorization: "bearer \(ann.accessToken)").status == 200)
        #expect(await send(.post, Route.login(appId: t.appId, provider: .anonymous), authorization: "Basic YW5uOnB3").status == 200)
    }

    @Test(arguments: StoreKind.allCases) func anUnknownAppIsAppNotFoundOnEveryAppRoute(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let ann = try await t.loggedIn(.anonymous)
        let routes: [(WireMethod, String)] = [
            (.get, Route.location(appId: "nope")), (.get, Route.providers(appId: "nope")), (.get, Route.customUserData(appId: "nope")),
            (.post, Route.functionCall(appId: "nope")), (.post, Route.login(appId: "nope", provider: .anonymous)),
            (.post, Route.emailPassword(appId: "nope", .register)),
        ]
        for (method, path) in routes {
            let response = await t.call(method, path, json: [:], bearer: ann.accessToken)
            #expect(response.status == 404 && response.errorCode == "AppNotFound", "\(method) \(path)")
            #expect(response.errorMessage == "cannot find app using Client App ID 'nope'")
        }
    }
}
