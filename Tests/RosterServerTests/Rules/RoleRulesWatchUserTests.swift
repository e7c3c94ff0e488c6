import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `watch` under roles that read the user's own record (`%%user.identities`, `%%user.type`,
/// `%%user.data`), over real HTTP on both stores: an open stream follows the user as they
/// change, through any server over the store, without being opened again.
@Suite(.timeLimit(.minutes(2))) struct RoleRulesWatchUserTests {
    /// Notes for members, who log in with email and password (`%%user.identities`); put up by anyone.
    static let memberNotes = DataRule(database: "shop", collection: "memberNotes", roles: [
        AppRole(name: "member", applyWhen: ["%%user.identities.provider_type": "local-userpass"], read: true),
        AppRole(name: "writer", insert: true),
    ])
    /// Notes for those whose provider gave an email (`%%user.data`); put up by anyone.
    static let mailNotes = DataRule(database: "shop", collection: "mailNotes", roles: [
        AppRole(name: "mailed", applyWhen: ["%%user.data.email": ["$exists": true]], read: true),
        AppRole(name: "writer", insert: true),
    ])

    /// Ann, anonymous, watches notes her roles do not let her read yet. Once she links an email
    /// and password (through another server on the same store), her open streams send the
    /// notes put up from then on: one by her new identity, one by the email her data now holds.
    @Test(arguments: StoreKind.allCases) func aWatcherFollowsTheIdentitiesAndDataItsUserGains(_ kind: StoreKind) async throws {
        var config = TestConfig.app(maxRequestBytes: 65536)
        config.rules = [Self.memberNotes, Self.mailNotes, DataRule(database: "shop", collection: "words", read: .all, write: .all)]
        let t = try await TestServer.make(config, store: kind)
        let other = try await t.reopen(config)
        let ann = DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        let bo = DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        #expect(await t.register("ann@example.com", "secret-1").status == 201)
        let (members, mailed) = (("shop", "memberNotes"), ("shop", "mailNotes"))
        try await withLoopbackServer(t.server) { port in
            let streams = ChangeStreamTests()
            let byIdentity = try await streams.open(port, t, ann, in: members)
            let byData = try await streams.open(port, t, ann, in: mailed)
            let words = try await streams.open(port, t, ann, in: ("shop", "words"))
            #expect([byIdentity, byData, words].allSatisfy { $0.status == 200 })
            // Only the streams whose roles read the user are handed the user's changes.
            let users = UserChange.collection(appId: t.appId)
            #expect(t.server.services.changeStreams.changes.watcherCount(of: users) == 2)
            words.close()

            _ = try await bo.json("insertOne", ["document": ["_id": "m1"]], in: members)
            _ = try await bo.json("insertOne", ["document": ["_id": "d1"]], in: mailed)
            let link = await t.call(
                .post, Route.login(appId: t.appId, provider: .emailPassword), json: ["username": "ann@example.com", "password": "secret-1"],
                bearer: ann.login.accessToken, query: ["link": "true"], on: other)
            #expect(link.status == 200)
            _ = try await bo.json("insertOne", ["document": ["_id": "m2"]], in: members)
            _ = try await bo.json("insertOne", ["document": ["_id": "d2"]], in: mailed)
            #expect(try await byIdentity.nextEvent(within: 10)?.json?["documentKey"]?["_id"] == "m2", "by her linked identity, not before it")
            #expect(try await byData.nextEvent(within: 10)?.json?["documentKey"]?["_id"] == "d2", "by the email her data now holds")
            byIdentity.close()
            byData.close()
        }
    }

    /// A data call reads the user's identities and the type they tell as an open watch does
    /// (one function makes both, `DataAccessService.identityFields(of:)`): anonymous Ann reads
    /// no member's note, and once she links an email and password she reads it.
    @Test(arguments: StoreKind.allCases) func aDataCallReadsTheIdentitiesAsAWatchDoes(_ kind: StoreKind) async throws {
        var config = TestConfig.app(maxRequestBytes: 65536)
        let typed = DataRule(database: "shop", collection: "typedNotes", roles: [
            AppRole(name: "normal", applyWhen: ["%%user.type": "normal", "%%user.identities.provider_type": "anon-user"], read: true, insert: true),
            AppRole(name: "writer", insert: true),
        ])
        config.rules = [Self.memberNotes, typed]
        let t = try await TestServer.make(config, store: kind)
        let ann = DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        let bo = DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        #expect(await t.register("ann@example.com", "secret-1").status == 201)
        let (members, typedNotes) = (("shop", "memberNotes"), ("shop", "typedNotes"))
        _ = try await bo.json("insertOne", ["document": ["_id": "m1"]], in: members)
        _ = try await bo.json("insertOne", ["document": ["_id": "t1"]], in: typedNotes)
        #expect(try await ann.json("find", [:], in: members) == [])
        #expect(try await ann.json("find", [:], in: typedNotes) == [["_id": "t1"]], "a normal user, by her anonymous identity")
        let link = await t.call(
            .post, Route.login(appId: t.appId, provider: .emailPassword), json: ["username": "ann@example.com", "password": "secret-1"],
            bearer: ann.login.accessToken, query: ["link": "true"])
        #expect(link.status == 200)
        #expect(try await ann.json("find", [:], in: members) == [["_id": "m1"]], "by her linked identity")
    }
}
