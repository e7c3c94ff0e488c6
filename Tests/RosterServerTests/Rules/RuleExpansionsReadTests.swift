import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// What a data call's rule is evaluated with besides the documents: under Roster's rule words,
/// which name nothing but `%%user.id`, the user's id alone (the profile is not parsed, the request's
/// headers not rewritten, the app's values not copied: doing so for every call cost a data find
/// about a twentieth); under App Services' roles, all of them.
@Suite struct RuleExpansionsReadTests {
    static let notes = DataRule(database: "kiosk", collection: "notes", read: .all, write: .own, userIdField: "owner")
    static let shops = DataRule(database: "kiosk", collection: "shops", roles: [
        AppRole(name: "shopper", applyWhen: ["%%request.httpUserAgent": "RealmJS"], read: true)
    ])

    @Test func ruleWordsReadOnlyTheUsersIdAndRolesReadTheRest() async throws {
        var config = TestConfig.app(maxRequestBytes: 65536)
        config.rules = [Self.notes, Self.shops]
        config.values = ["shop": "kiosk"]
        let t = try await TestServer.make(config)
        let login = try await t.loggedIn(.anonymous)
        let caller = try await t.server.services.sessions.authorize(accessToken: login.accessToken)
        let request = FunctionRequest(remoteAddress: "203.0.113.7", headers: [("User-Agent", "RealmJS")], token: login.accessToken, method: "POST")
        let data = t.server.services.functions.data

        let words = try await data.ruleExpansions(for: Self.notes, caller: caller, request: request, action: "find")
        #expect(words == RuleExpansions(user: ["id": .string(login.userId), "type": "normal"]), "\(words)")

        let roles = try await data.ruleExpansions(for: Self.shops, caller: caller, request: request, action: "find")
        #expect(roles.user["id"] == .string(login.userId) && roles.user["data"] != nil, "the profile is read")
        #expect(roles.values["shop"] == "kiosk", "the values are copied")
        #expect(roles.request["httpUserAgent"] == "RealmJS" && roles.request["requestHeaders"]?["User-Agent"] == ["RealmJS"], "the request is shown")
        #expect(roles.request["action"] == "find" && roles.environment["tag"] != nil)

        // And a data call under the words answers as they say, with the caller's id.
        let ann = DataAccessTests.Caller(t: t, login: login)
        _ = try await ann.json("insertOne", ["document": ["_id": 1, "text": "hej"]], in: ("kiosk", "notes"))
        let found = try await ann.json("find", ["query": [:]], in: ("kiosk", "notes"))
        #expect(found.arrayValue?.first?["owner"] == .string(login.userId) && found.arrayValue?.first?["text"] == "hej", "\(found)")
    }
}
