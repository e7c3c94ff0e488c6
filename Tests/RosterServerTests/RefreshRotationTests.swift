import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Refresh-token rotation with reuse detection: each refresh replaces the refresh token, the
/// replaced one answers the same new token within the grace window, and a replay after it ends
/// the session.
@Suite struct RefreshRotationTests {
    static func rotating(graceSeconds: Int = 10) -> AppConfig {
        var config = TestConfig.app()
        config.refreshTokenRotation = RefreshRotationConfig(enabled: true, graceSeconds: graceSeconds)
        return config
    }

    func refresh(_ t: TestServer, _ token: String, on target: RosterServer? = nil) async -> WireResponse {
        await t.call(.post, Route.session, bearer: token, on: target)
    }

    func rotated(_ t: TestServer, _ token: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> SessionResponse {
        let response = await refresh(t, token)
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))", sourceLocation: sourceLocation)
        return try response.decoded(SessionResponse.self)
    }

    func generation(_ token: String?) throws -> Int? {
        try UnverifiedJWT.claims(RefreshTokenClaims.self, of: try #require(token)).generation
    }

    @Test func rotationIsOffByDefaultOnInTheDemoAndBadValuesAreRefused() throws {
        #expect(AppConfig(appId: "a").refreshTokenRotation == RefreshRotationConfig(enabled: false, graceSeconds: 10))
        #expect(try AppConfig.demo().refreshTokenRotation == RefreshRotationConfig(enabled: true, graceSeconds: 10))
        let parsed = try AppConfig.parse(Data(#"{"appId": "a", "refreshTokenRotation": {"enabled": true}}"#.utf8), source: "app.json")
        #expect(parsed.refreshTokenRotation == RefreshRotationConfig(enabled: true, graceSeconds: 10))
        let tuned = try AppConfig.parse(
            Data(#"{"appId": "a", "refreshTokenRotation": {"enabled": true, "graceSeconds": 0}}"#.utf8), source: "app.json")
        #expect(tuned.refreshTokenRotation.graceSeconds == 0)
        func refusal(_ rotation: String) -> String? {
            do {
                _ = try AppConfig.parse(Data(#"{"appId": "a", "refreshTokenRotation": \#(rotation)}"#.utf8), source: "app.json")
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(refusal(#"{"graceSeconds": -1}"#)?.contains("graceSeconds must be between 0 and 300") == true)
        #expect(refusal(#"{"graceSeconds": 301}"#)?.contains("graceSeconds must be between 0 and 300") == true)
        #expect(refusal(#"{"enabled": "yes"}"#)?.contains("wrong type at 'refreshTokenRotation.enabled'") == true)
        let typo = refusal(#"{"enable": true}"#)
        #expect(typo?.contains("unknown key 'refreshTokenRotation.enable'") == true, "\(typo ?? "accepted")")
    }

    @Test(arguments: StoreKind.allCases) func withRotationOffTheRefreshTokenIsKeptForTheWholeSession(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let login = try await t.loggedIn(.anonymous)
        for _ in 0..<3 {
            t.clock.advance(by: 3600)
            let session = try await rotated(t, login.refreshToken)
            #expect(session.refreshToken == nil)
            #expect(!String(decoding: await refresh(t, login.refreshToken).body, as: UTF8.self).contains("refresh_token"))
        }
    }

    @Test(arguments: StoreKind.allCases) func eachRefreshHandsOutANewRefreshTokenAndTheUserStaysLoggedIn(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.rotating(), store: kind)
        let login = try await t.loggedIn(.anonymous)
        var token = login.refreshToken
        var seen: Set<String> = [token]
        for round in 1...40 {
            t.clock.advance(by: 1800)
            let session = try await rotated(t, token)
            let next = try #require(session.refreshToken)
            #expect(seen.insert(next).inserted)
            #expect(try generation(next) == round)
            let claims = try UnverifiedJWT.claims(RefreshTokenClaims.self, of: next)
            // The session keeps its lifetime: rotation does not stretch it.
            #expect(claims.exp == (try UnverifiedJWT.claims(RefreshTokenClaims.self, of: login.refreshToken)).exp)
            #expect(claims.sub == login.userId && claims.typ == "refresh")
            #expect(await t.call(.get, Route.profile, bearer: session.accessToken).status == 200)
            token = next
        }
        // The API-key routes take the current refresh token too.
        #expect(await t.call(.get, Route.apiKeys, bearer: token).status == 200)
    }

    @Test(arguments: StoreKind.allCases) func theReplacedTokenWithinTheGraceWindowAnswersTheSameNewToken(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.rotating(), store: kind)
        let login = try await t.loggedIn(.anonymous)
        let first = try await rotated(t, login.refreshToken)
        t.clock.advance(by: 5)
        let again = try await rotated(t, login.refreshToken)
        #expect(again.refreshToken == first.refreshToken)
        #expect(again.accessToken != first.accessToken)
        t.clock.advance(by: 5)  // the window's last moment
        #expect(try await rotated(t, login.refreshToken).refreshToken == first.refreshToken)
        // The new token is still the current one: it moves the session on.
        let second = try await rotated(t, try #require(first.refreshToken))
        #expect(try generation(second.refreshToken) == 2)
        #expect(await refresh(t, try #require(second.refreshToken)).status == 200)
    }

    @Test(arguments: StoreKind.allCases) func aReplayAfterTheWindowEndsTheSessionAndIsAudited(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.rotating(), store: kind)
        let login = try await t.loggedIn(.anonymous)
        let rotatedOnce = try await rotated(t, login.refreshToken)
        let current = try #require(rotatedOnce.refreshToken)
        t.clock.advance(by: 11)
        let replay = await refresh(t, login.refreshToken)
        #expect(replay.status == 401)
        #expect(replay.errorCode == "InvalidSession")
        #expect(replay.errorMessage == "invalid session: failed to find refresh token")
        // Ended for everyone holding it: the thief and the rightful client.
        #expect(await refresh(t, current).errorCode == "InvalidSession")
        #expect(await t.call(.get, Route.profile, bearer: rotatedOnce.accessToken).errorCode == "InvalidSession")

        let entries = try await t.server.admin.audit(appId: t.appId, AuditQuery())
        let reused = try #require(entries.first { $0.event == .refreshTokenReused })
        #expect(reused.userId == login.userId && reused.address == "in-process" && reused.detail == login.deviceId)
        #expect(entries.filter { $0.event == .refreshTokenReused }.count == 1)
        let text = String(decoding: try JSONEncoder().encode(entries), as: UTF8.self)
        for secret in [login.refreshToken, current, login.accessToken, rotatedOnce.accessToken] { #expect(!text.contains(secret)) }
    }

    @Test(arguments: StoreKind.allCases) func aTokenOlderThanThePreviousOneEndsTheSessionEvenWithinTheWindow(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.rotating(), store: kind)
        let login = try await t.loggedIn(.anonymous)
        let first = try #require(try await rotated(t, login.refreshToken).refreshToken)
        let second = try #require(try await rotated(t, first).refreshToken)
        #expect(await refresh(t, login.refreshToken).errorCode == "InvalidSession")
        #expect(await refresh(t, second).errorCode == "InvalidSession")
    }

    @Test(arguments: StoreKind.allCases) func twentyConcurrentRefreshesWithOneTokenAdvanceTheSessionOnce(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.rotating(), store: kind)
        let other = try await t.reopen(Self.rotating())
        let login = try await t.loggedIn(.anonymous)
        // Half on a second server instance over the same database.
        let answers = await withTaskGroup(of: WireResponse.self) { group in
            for index in 0..<20 { group.addTask { await refresh(t, login.refreshToken, on: index.isMultiple(of: 2) ? nil : other) } }
            return await group.reduce(into: [WireResponse]()) { $0.append($1) }
        }
        #expect(answers.allSatisfy { $0.status == 200 })
        let tokens = Set(try answers.map { try #require(try $0.decoded(SessionResponse.self).refreshToken) })
        #expect(tokens.count == 1)
        let next = try #require(tokens.first)
        #expect(try generation(next) == 1)
        #expect(try generation(try await rotated(t, next).refreshToken) == 2)
    }

    @Test(arguments: StoreKind.allCases) func twentyConcurrentReplaysAfterTheWindowEndTheSessionOnce(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.rotating(), store: kind)
        let login = try await t.loggedIn(.anonymous)
        let current = try #require(try await rotated(t, login.refreshToken).refreshToken)
        t.clock.advance(by: 30)
        let answers = await withTaskGroup(of: WireResponse.self) { group in
            for _ in 0..<20 { group.addTask { await refresh(t, login.refreshToken) } }
            return await group.reduce(into: [WireResponse]()) { $0.append($1) }
        }
        #expect(answers.allSatisfy { $0.status == 401 && $0.errorMessage == "invalid session: failed to find refresh token" })
        #expect(await refresh(t, current).status == 401)
        let entries = try await t.server.admin.audit(appId: t.appId, AuditQuery())
        #expect(entries.filter { $0.event == .refreshTokenReused }.count == 1)
    }

    @Test(arguments: StoreKind.allCases) func logOutTakesTheCurrentTokenAReplacedOneAndTheRevocationToken(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.rotating(), store: kind)
        _ = await t.register("ann@example.com", "secret-1")
        func login() async throws -> LoginResponse { try await t.emailLogin("ann@example.com", "secret-1").decoded(LoginResponse.self) }

        // The current token, after several rotations.
        let one = try await login()
        var token = one.refreshToken
        for _ in 0..<3 {
            t.clock.advance(by: 60)
            token = try #require(try await rotated(t, token).refreshToken)
        }
        #expect(await t.call(.delete, Route.session, bearer: token).status == 204)
        #expect(await refresh(t, token).errorCode == "InvalidSession")

        // The replaced token within the window.
        let two = try await login()
        let twoNext = try #require(try await rotated(t, two.refreshToken).refreshToken)
        t.clock.advance(by: 3)
        #expect(await t.call(.delete, Route.session, bearer: two.refreshToken).status == 204)
        #expect(await refresh(t, twoNext).errorCode == "InvalidSession")

        // The revocation token given at log-in, whatever the rotations since.
        let three = try await login()
        token = three.refreshToken
        for _ in 0..<3 {
            t.clock.advance(by: 60)
            token = try #require(try await rotated(t, token).refreshToken)
        }
        let revocation = try #require(three.revocationToken)
        #expect(await t.call(.delete, Route.session, bearer: revocation).status == 204)
        #expect(await refresh(t, token).errorCode == "InvalidSession")

        // A replaced token long past its window (a log-out queued while offline) still lands.
        let four = try await login()
        let fourNext = try #require(try await rotated(t, four.refreshToken).refreshToken)
        t.clock.advance(by: 3600)
        #expect(await t.call(.delete, Route.session, bearer: four.refreshToken).status == 204)
        #expect(await refresh(t, fourNext).errorCode == "InvalidSession")

        let entries = try await t.server.admin.audit(appId: t.appId, AuditQuery())
        #expect(entries.filter { $0.event == .loggedOut }.count == 4)
        #expect(!entries.contains { $0.event == .refreshTokenReused })
    }
}
