import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

@Suite struct AnonymousLoginTests {
    @Test(arguments: StoreKind.allCases) func eachAnonymousLoginIsANewUser(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let first = try await t.loggedIn(.anonymous)
        let second = try await t.loggedIn(.anonymous)
        #expect(first.userId != second.userId)
        #expect(first.userId.count == 24 && first.userId.allSatisfy(\.isHexDigit))
        #expect(try await t.userCount() == 2)
        let access = try UnverifiedJWT.claims(AccessTokenClaims.self, of: first.accessToken)
        #expect(access.sub == first.userId)
        #expect(access.typ == "access")
        #expect(access.exp - access.iat == 1800)
        #expect(access.iat == Int64(t.clock.now.timeIntervalSince1970))
        let refresh = try UnverifiedJWT.claims(RefreshTokenClaims.self, of: first.refreshToken)
        #expect(refresh.typ == "refresh")
        #expect(refresh.exp - refresh.iat == 3600 * 24)
        #expect(refresh.sessionId.count == 32)
    }

    @Test(arguments: StoreKind.allCases) func deviceIdIsKeptWhenValidElseGenerated(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let kept = try await t.loggedIn(.anonymous, ["options": ["device": ["deviceId": "0123456789abcdef01234567"]]])
        #expect(kept.deviceId == "0123456789abcdef01234567")
        let replaced = try await t.loggedIn(.anonymous, ["options": ["device": ["deviceId": "not-a-device"]]])
        #expect(replaced.deviceId.count == 24 && replaced.deviceId != "not-a-device")
        let zeros = try await t.loggedIn(.anonymous, ["options": ["device": ["deviceId": "000000000000000000000000"]]])
        #expect(zeros.deviceId != "000000000000000000000000")
    }

    @Test(arguments: StoreKind.allCases) func profileShowsTheAnonymousIdentity(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let login = try await t.loggedIn(.anonymous, ["provider": "anon-user", "unknownField": 1])
        let response = await t.call(.get, Route.profile, bearer: login.accessToken)
        #expect(response.status == 200)
        let profile = try response.decoded(ProfileResponse.self)
        #expect(profile.userId == login.userId)
        #expect(profile.identities.count == 1)
        #expect(profile.identities.first?.providerType == "anon-user")
        #expect(profile.type == .normal)
    }
}
