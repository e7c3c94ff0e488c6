import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
@testable import RosterOperations

/// The purge removes what is dead and nothing that lives: expired sessions past the retention
/// period, spent account tokens, anonymous users idle for the retention period, old counts.
@Suite struct PurgeTests {
    static let day: TimeInterval = 24 * 3600

    /// Sessions live a day; anonymous users are kept two days without one.
    static func app() -> AppConfig {
        var config = TestConfig.app()
        config.anonymousUserRetentionDays = 2
        return config
    }

    @Test(arguments: StoreKind.allCases) func deadRecordsGoAndLiveOnesStay(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.app(), store: kind)
        let idle = try await t.loggedIn(.anonymous)
        let returning = try await t.loggedIn(.anonymous)
        _ = await t.register("ann@example.com", "secret-12")
        let ann = try await t.emailLogin("ann@example.com", "secret-12").decoded(LoginResponse.self)
        #expect(await t.emailRoute(.resetSend, ["email": "ann@example.com"]).status == 204)
        #expect(await t.emailLogin("ann@example.com", "guess").status == 401)

        // The returning user comes back after two and a half days: a new, live session.
        t.clock.advance(by: 2.5 * Self.day)
        let back = try await t.call(.post, Route.login(appId: t.appId, provider: .anonymous), json: [:], bearer: nil)
        #expect(back.status == 200)
        t.clock.advance(by: 0.9 * Self.day)
        #expect(await t.emailRoute(.resetSend, ["email": "ann@example.com"]).status == 204)
        let fresh = try #require(try t.outboxMessages().last)

        let report = try await t.server.admin.purge(appId: t.appId)
        // An anonymous log-in on a new device is a new user: the first self of the returning
        // person is as idle as the other.
        #expect(report.anonymousUsers == 2)
        #expect(report.accountTokens == 1, "the first reset token expired; the fresh one stays")
        #expect(
            report.attemptCounts == 4,
            "the failed log-in's address and account, the first reset request's hour, and the anonymous users' hour from this address")
        // Ann's expired session; the anonymous users' went with them.
        #expect(report.sessions == 1)
        #expect(try await t.server.admin.findUser(appId: t.appId, idOrEmail: idle.userId) == nil)
        #expect(try await t.server.admin.findUser(appId: t.appId, idOrEmail: returning.userId) == nil)
        let newcomer = try back.decoded(LoginResponse.self)
        #expect(try await t.server.admin.findUser(appId: t.appId, idOrEmail: newcomer.userId) != nil)
        #expect(await t.call(.post, Route.session, bearer: newcomer.refreshToken).status == 200)
        // Ann is kept, only her dead session went; the fresh token still resets her password.
        #expect(try await t.server.admin.findUser(appId: t.appId, idOrEmail: ann.userId) != nil)
        let reset = await t.emailRoute(.reset, ["password": "new-secret-1", "token": .string(fresh.token), "tokenId": .string(fresh.tokenId)])
        #expect(reset.status == 204)
        // Nothing more to do.
        #expect(try await t.server.admin.purge(appId: t.appId).total == 1, "only the token just used")
    }

    @Test(arguments: StoreKind.allCases) func aRunIsBoundedAndTheNextGoesOn(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.app(), store: kind)
        var ids: [String] = []
        for _ in 1...3 { ids.append(try await t.loggedIn(.anonymous).userId) }
        t.clock.advance(by: 3.5 * Self.day)
        #expect(try await t.server.admin.purge(appId: t.appId, limit: 2).anonymousUsers == 2)
        #expect(try await t.server.admin.purge(appId: t.appId, limit: 2).anonymousUsers == 1)
        #expect(try await t.server.admin.purge(appId: t.appId, limit: 2).total == 0)
        for id in ids { #expect(try await t.server.admin.findUser(appId: t.appId, idOrEmail: id) == nil) }
    }

    @Test(arguments: StoreKind.allCases) func anAnonymousUserWithALiveSessionStaysHoweverOld(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.app(), store: kind)
        let user = try await t.loggedIn(.anonymous)
        // Refreshing keeps the session, which lives a day; its user is young enough for two.
        t.clock.advance(by: 0.9 * Self.day)
        #expect(await t.call(.post, Route.session, bearer: user.refreshToken).status == 200)
        #expect(try await t.server.admin.purge(appId: t.appId).anonymousUsers == 0)
        #expect(await t.call(.post, Route.session, bearer: user.refreshToken).status == 200)
    }

    @Test(arguments: StoreKind.allCases) func aServingServerPurgesNowAndThen(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.app(), store: kind)
        let idle = try await t.loggedIn(.anonymous)
        t.clock.advance(by: 3.5 * Self.day)
        let serving = Task { try await t.server.serve(host: "127.0.0.1", port: 0, shutdownOn: [], purgeEvery: .milliseconds(20)) }
        defer { serving.cancel() }
        var gone = false
        for _ in 0..<500 where !gone {
            gone = try await t.server.admin.findUser(appId: t.appId, idOrEmail: idle.userId) == nil
            if !gone { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(gone)
        serving.cancel()
        _ = await serving.result
    }
}
