import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// The audit trail records who did what from where, never a secret, and is kept for its
/// retention period.
@Suite struct AuditTests {
    @Test(arguments: StoreKind.allCases) func logInsFailuresLogOutsKeysResetsAndDeletionsAreRecordedWithoutSecrets(_ kind: StoreKind) async throws {
        var config = TestConfig.app()
        config.limits = LimitsConfig(freeFailures: 1)
        let t = try await TestServer.make(config, store: kind)
        #expect(await t.register("ann@example.com", "secret-12").status == 201)
        #expect(await t.emailLogin("ann@example.com", "wrong-guess").status == 401)
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 429)
        t.clock.advance(by: 2)
        let ann = try await t.emailLogin("ann@example.com", "secret-12").decoded(LoginResponse.self)
        let key = try await t.call(.post, Route.apiKeys, json: ["name": "laptop"], bearer: ann.refreshToken).decoded(APIKeyResponse.self)
        #expect(await t.call(.delete, "\(Route.apiKeys)/\(key.id)", bearer: ann.refreshToken).status == 204)
        #expect(await t.emailRoute(.resetSend, ["email": "ann@example.com"]).status == 204)
        let message = try #require(try t.outboxMessages().last)
        #expect(await t.emailRoute(.reset, ["password": "new-secret-1", "token": .string(message.token), "tokenId": .string(message.tokenId)]).status == 204)
        let again = try await t.emailLogin("ann@example.com", "new-secret-1").decoded(LoginResponse.self)
        #expect(await t.call(.delete, Route.session, bearer: again.refreshToken).status == 204)
        let bob = try await t.loggedIn(.anonymous)
        #expect(await t.call(.delete, Route.delete, bearer: bob.accessToken).status == 204)

        let entries = try await t.server.admin.audit(appId: t.appId, AuditQuery())
        #expect(entries.map(\.event).reversed() == [
            .registered, .loginFailed, .loginLimited, .loggedIn, .apiKeyCreated, .apiKeyDeleted, .passwordReset, .loggedIn,
            .loggedOut, .loggedIn, .userDeleted,
        ])
        let failed = try #require(entries.first { $0.event == .loginFailed })
        #expect(failed.provider == "local-userpass" && failed.detail == "ann@example.com" && failed.address == "in-process")
        #expect(entries.first { $0.event == .apiKeyCreated }?.detail == key.id)
        #expect(entries.filter { $0.userId == ann.userId }.count == 5)
        // Never a secret.
        let secrets = ["secret-12", "wrong-guess", "new-secret-1", ann.refreshToken, ann.accessToken, key.key ?? "-", message.token]
        let text = String(decoding: try JSONEncoder().encode(entries), as: UTF8.self)
        for secret in secrets { #expect(!text.contains(secret)) }
    }

    @Test(arguments: StoreKind.allCases) func theTrailIsReadByUserAndSinceAndPurgedAfterItsRetention(_ kind: StoreKind) async throws {
        var config = TestConfig.app()
        config.auditRetentionDays = 1
        let t = try await TestServer.make(config, store: kind)
        let first = try await t.loggedIn(.anonymous)
        t.clock.advance(by: 3600)
        let second = try await t.loggedIn(.anonymous)
        #expect(try await t.server.admin.audit(appId: t.appId, AuditQuery(userId: first.userId)).map(\.userId) == [first.userId])
        let recent = try await t.server.admin.audit(appId: t.appId, AuditQuery(since: t.clock.now.addingTimeInterval(-60)))
        #expect(recent.map(\.userId) == [second.userId])
        t.clock.advance(by: 23.5 * 3600)
        #expect(try await t.server.admin.purge(appId: t.appId).auditEntries == 1)
        #expect(try await t.server.admin.audit(appId: t.appId, AuditQuery()).map(\.userId) == [second.userId])
    }
}
