import Foundation
import RosterWire
import Testing

@testable import RosterCore

@Suite("Log in")
struct LoginTests {
    // BEHAVIOURS 4
    @Test func noUsersMeansNoCurrentUser() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        #expect(app.currentUser == nil)
        #expect(app.allUsers.isEmpty)
    }

    // BEHAVIOURS 5
    @Test func logInStoresEverythingAndMakesCurrentBeforeReturning() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        #expect(app.currentUser?.id == joe.id)
        #expect(try await joe.id == fixture.serverUserId("joe@example.com"))

        // A second App over the same directory, with no server, sees it all.
        let offline = fixture.makeTransport()
        offline.offline = true
        let reopened = try fixture.makeApp(transport: offline)
        let stored = try #require(reopened.currentUser)
        #expect(stored.id == joe.id)
        #expect(stored.state == .loggedIn)
        #expect(stored.accessToken == joe.accessToken)
        #expect(stored.refreshToken != nil)
        #expect(stored.deviceId != nil && stored.deviceId == joe.deviceId)
        #expect(stored.identities == joe.identities)
        #expect(stored.identities.first?.provider == .emailPassword)
        #expect(stored.profile.email == "joe@example.com")
        #expect(stored.profile.name == "Joe")
        #expect(offline.log.isEmpty)
    }

    // BEHAVIOURS 6
    @Test func secondUserBecomesCurrentFirstStaysLoggedIn() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let emma = try await app.login(credentials: Fixture.emma)
        #expect(app.currentUser?.id == emma.id)
        #expect(emma.isCurrent)
        #expect(!joe.isCurrent)
        #expect(joe.state == .loggedIn)
        #expect(Set(app.allUsers.map(\.id)) == [joe.id, emma.id])
    }

    // BEHAVIOURS 7
    @Test func sameIdentityAgainUpdatesTokensWithoutSecondEntry() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let first = try await app.login(credentials: Fixture.joe)
        let firstRefresh = try #require(first.refreshToken)
        let emma = try await app.login(credentials: Fixture.emma)
        #expect(app.currentUser?.id == emma.id)
        fixture.clock.advance(by: 5)
        let second = try await app.login(credentials: Fixture.joe)
        #expect(second.id == first.id)
        #expect(second.refreshToken != firstRefresh)
        #expect(first.refreshToken == second.refreshToken)
        #expect(app.currentUser?.id == first.id)
        #expect(app.allUsers.count == 2)
    }

    // BEHAVIOURS 8
    @Test func anonymousLogInReusesTheDevicesAnonymousUser() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let first = try await app.login(credentials: .anonymous)
        _ = try await app.login(credentials: Fixture.joe)
        let before = try await fixture.server.admin.listUsers(appId: fixture.appId).count
        fixture.transport.reset()
        let reused = try await app.login(credentials: .anonymous)
        #expect(reused.id == first.id)
        #expect(app.currentUser?.id == first.id)
        #expect(fixture.transport.count(.post, Route.login(appId: fixture.appId, provider: .anonymous)) == 0)
        #expect(try await fixture.server.admin.listUsers(appId: fixture.appId).count == before)

        let fresh = try await app.login(credentials: .anonymousNew)
        #expect(fresh.id != first.id)
        #expect(try await fixture.server.admin.listUsers(appId: fixture.appId).count == before + 1)
        #expect(app.allUsers.filter(\.isAnonymous).count == 2)
    }

    // BEHAVIOURS 9
    @Test func wrongPasswordAndUnknownEmailLookAlikeAndChangeNothing() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let wrong = await rosterError {
            try await app.login(credentials: .emailPassword(email: "emma@example.com", password: "nope-nope"))
        }
        let unknown = await rosterError {
            try await app.login(credentials: .emailPassword(email: "nobody@example.com", password: "nope-nope"))
        }
        #expect(wrong?.serverCode == .invalidPassword)
        #expect(unknown?.serverCode == .invalidPassword)
        #expect(wrong?.description == unknown?.description)
        #expect(app.allUsers.map(\.id) == [joe.id])
        #expect(app.currentUser?.id == joe.id)
    }

    // BEHAVIOURS 10
    @Test(arguments: ["access_token", "refresh_token"])
    func malformedTokenStoresNothing(field: String) async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        fixture.transport.rewrite { request, response in
            guard request.path.hasSuffix("/login"), response.isSuccess,
                case .object(var body)? = try? JSONValue(parsing: response.body)
            else { return response }
            body[field] = "not-a-jwt"
            return WireResponse(status: response.status, headers: response.headers, body: JSONValue.object(body).data)
        }
        let error = await rosterError { try await app.login(credentials: Fixture.joe) }
        guard case .malformedResponse(let why)? = error else {
            Issue.record("expected malformedResponse, got \(String(describing: error))")
            return
        }
        #expect(why.contains("JWT"))
        #expect(app.allUsers.isEmpty)
        #expect(app.currentUser == nil)
        #expect(try fixture.makeApp().allUsers.isEmpty)
    }

    /// A hostile server mints a token for the user id `../../x` (the client cannot check a
    /// server's signature) and answers it as the log-in's user: the log-in is refused as
    /// malformed and nothing is written, inside the device folder or beside it.
    // BEHAVIOURS 10
    @Test(arguments: ["../../x", "a/b", "", String(repeating: "a", count: 129), "joe\u{1B}[2J"])
    func aHostileUserIdReachesNoPath(userId: String) async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        fixture.transport.rewrite { request, response in
            guard request.path.hasSuffix("/login"), response.isSuccess,
                case .object(var body)? = try? JSONValue(parsing: response.body),
                let token = body["access_token"]?.stringValue
            else { return response }
            body["user_id"] = .string(userId)
            body["access_token"] = .string(Self.token(token, subject: userId))
            return WireResponse(status: response.status, headers: response.headers, body: JSONValue.object(body).data)
        }
        let error = await rosterError { try await app.login(credentials: Fixture.joe) }
        guard case .malformedResponse(let why)? = error else {
            Issue.record("expected malformedResponse, got \(String(describing: error))")
            return
        }
        #expect(why.contains("user id"), "\(why)")
        #expect(app.allUsers.isEmpty)
        let beside = fixture.directory.deletingLastPathComponent()
        #expect(!FileManager.default.fileExists(atPath: beside.appendingPathComponent("x").path))
        #expect(!FileManager.default.fileExists(atPath: fixture.directory.appendingPathComponent("users/a").path))
    }

    /// `token` with its subject changed, as a server that signs what it likes would send it.
    static func token(_ token: String, subject: String) -> String {
        var parts = token.split(separator: ".").map(String.init)
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard case .object(var claims)? = try? JSONValue(parsing: Data(base64Encoded: base64) ?? Data()) else { return token }
        claims["sub"] = .string(subject)
        parts[1] = JSONValue.object(claims).data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return parts.joined(separator: ".")
    }

    // BEHAVIOURS 11
    @Test func everyReadButLogInWorksOffline() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        fixture.transport.offline = true
        let error = await rosterError { try await app.login(credentials: Fixture.emma) }
        #expect(error?.isNetwork == true)
        #expect(app.currentUser?.id == joe.id)
        #expect(app.allUsers.map(\.id) == [joe.id])
        #expect(joe.profile.name == "Joe")
        #expect(joe.customData["favoriteColor"] == "green")
        #expect(try await joe.freshAccessToken() == joe.accessToken)
    }

    // PROTOCOL "Client rules": the location is fetched lazily, once, before the first request.
    @Test func locationIsFetchedOnceBeforeTheFirstRequest() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        #expect(fixture.transport.log.isEmpty)
        let joe = try await app.login(credentials: Fixture.joe)
        _ = try await app.login(credentials: Fixture.emma)
        try await joe.refreshCustomData()
        try await joe.logOut()
        let location = "GET \(Route.location(appId: fixture.appId))"
        #expect(fixture.transport.log.first == location)
        #expect(fixture.transport.log.filter { $0 == location }.count == 1)
    }

    /// The log-in body is what the SDKs send: device information, and once the device has an id,
    /// that id back as Extended JSON; the server keeps it.
    // BEHAVIOURS 5
    @Test func logInSendsTheDeviceIdBackAsTheSDKsDo() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let deviceId = try #require(joe.deviceId)
        fixture.transport.reset()
        let emma = try await app.login(credentials: Fixture.emma)
        #expect(emma.deviceId == deviceId)
        let login = try #require(fixture.transport.requests.first { $0.path.hasSuffix("/login") })
        let body = try #require(login.body)
        let device = try #require(try JSONValue(parsing: body)["options"]?["device"])
        #expect(device["deviceId"] == ["$oid": .string(deviceId)])
        #expect(device["appId"] == .string(fixture.appId))
        #expect(device["platform"] == "Linux")
        #expect(device["sdk"] == "RosterCore")
    }
}
