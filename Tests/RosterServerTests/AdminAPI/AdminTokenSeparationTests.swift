import Foundation
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// An app's client tokens and the Admin API's tokens are kept apart by three checks, each pinned
/// here by tokens only that check refuses: the signing secret (a live session's claims signed with
/// the other side's secret), the session a token names (the Admin API's secret naming an app's
/// session), and the subject (a live admin session naming an app's user). Signed again with their
/// own side's secret, the same claims are taken, so each refusal is that check's alone.
/// `AdminSessionTests` shows each side's real tokens refused by the other.
@Suite struct AdminTokenSeparationTests {
    @Test(arguments: StoreKind.allCases) func aLiveSessionsTokenSignedWithTheOtherSidesSecretIsRefused(_ kind: StoreKind) async throws {
        let s = try await Sides.make(kind)
        #expect(await s.adminProfile(try await s.adminTokens.sign(access: s.admin.access)) == 200)
        #expect(await s.adminRefresh(try await s.adminTokens.sign(refresh: s.admin.refresh)) == 201)
        #expect(await s.clientProfile(try await s.clientTokens.sign(access: s.client.access)) == 200)

        let adminClaimsClientSigned = try await s.clientTokens.sign(access: s.admin.access)
        #expect(await s.adminProfile(adminClaimsClientSigned) == 401)
        #expect(await s.adminGroup(adminClaimsClientSigned) == 401)
        #expect(await s.adminRefresh(try await s.clientTokens.sign(refresh: s.admin.refresh)) == 401)
        #expect(await s.clientProfile(try await s.adminTokens.sign(access: s.client.access)) == 401)
    }

    /// The session check and the subject check: an admin token whose claims name the app's
    /// session, or the app's user, with the other claims the operator's own, is refused (and a
    /// client token naming the operator's session or the operator likewise).
    @Test(arguments: StoreKind.allCases, SwappedClaim.allCases)
    func aTokenNamingTheOtherSidesSessionOrSubjectIsRefused(_ kind: StoreKind, _ claim: SwappedClaim) async throws {
        let s = try await Sides.make(kind)
        var access = s.admin.access
        claim.swap(&access, from: s.client.access)
        let signed = try await s.adminTokens.sign(access: access)
        #expect(await s.adminProfile(signed) == 401)
        #expect(await s.adminGroup(signed) == 401)
        var refresh = s.admin.refresh
        claim.swap(&refresh, from: s.client.refresh)
        #expect(await s.adminRefresh(try await s.adminTokens.sign(refresh: refresh)) == 401)
        // And the other way: a client token of the app's live session naming the operator's.
        var client = s.client.access
        claim.swap(&client, from: s.admin.access)
        #expect(await s.clientProfile(try await s.clientTokens.sign(access: client)) == 401)
    }

    /// The claim a token takes from the other side's, the rest kept.
    enum SwappedClaim: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case sessionId, sub

        var testDescription: String { rawValue }

        func swap(_ claims: inout AccessTokenClaims, from other: AccessTokenClaims) {
            switch self {
            case .sessionId: claims.sessionId = other.sessionId
            case .sub: claims.sub = other.sub
            }
        }

        func swap(_ claims: inout RefreshTokenClaims, from other: RefreshTokenClaims) {
            switch self {
            case .sessionId: claims.sessionId = other.sessionId
            case .sub: claims.sub = other.sub
            }
        }
    }

    /// An operator logged in and an app's anonymous user, the claims of each side's tokens, and
    /// each side's signer over the secrets the server keeps.
    struct Sides {
        let t: AdminTestServer
        let groupId: String
        let admin: (access: AccessTokenClaims, refresh: RefreshTokenClaims)
        let client: (access: AccessTokenClaims, refresh: RefreshTokenClaims)
        let adminTokens: TokenService
        var clientTokens: TokenService { t.server.services.tokens }

        static func make(_ kind: StoreKind) async throws -> Sides {
            let t = try await AdminTestServer.make(store: kind, apps: [TestConfig.app()])
            let (made, login) = try await t.loggedInOperator()
            let client = try await t.call(.post, Route.login(appId: TestConfig.app().appId, provider: .anonymous), json: [:]).decoded(LoginResponse.self)
            let clock = t.clock
            let adminTokens = try await AdminTokens(store: t.server.services.hosting.store, randomBytes: ServerEnvironment.systemRandomBytes, now: { clock.now }).tokens
            let clientTokens = t.server.services.tokens
            return Sides(
                t: t, groupId: made.groupId,
                admin: (try await adminTokens.verifyAccess(login.accessToken), try await adminTokens.verifyRefresh(login.refreshToken)),
                client: (try await clientTokens.verifyAccess(client.accessToken), try await clientTokens.verifyRefresh(client.refreshToken)),
                adminTokens: adminTokens)
        }

        func adminProfile(_ token: String) async -> Int {
            await t.admin(.get, "auth/profile", bearer: token).status
        }

        func adminGroup(_ token: String) async -> Int {
            await t.admin(.get, "groups/\(groupId)/apps", bearer: token).status
        }

        func adminRefresh(_ token: String) async -> Int {
            await t.admin(.post, "auth/session", bearer: token).status
        }

        func clientProfile(_ token: String) async -> Int {
            await t.call(.get, Route.profile, bearer: token).status
        }
    }
}
