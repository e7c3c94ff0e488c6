import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// An error answer's `link` on the client routes of an app the Admin API holds, as realm-core's
/// `[baas]` email/password cases read it ("double registration should fail", "reset password
/// invalid tokens": not empty, and holding the base URL the client was given): the app's log
/// filtered by the request's id, which shows what the refused request left in the audit trail,
/// to an operator of the app's group only.
@Suite struct AdminErrorLinkTests {
    static let base = "https://auth.example.com/roster"

    struct Setup {
        let t: AdminTestServer
        let groupId: String
        let bearer: String
        let app: HostedApp
    }

    func setUp(_ kind: StoreKind) async throws -> Setup {
        let t = try await AdminTestServer.make(store: kind, publicURL: try PublicURL(parsing: Self.base))
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.edit(try await t.apps.create(name: "kiosk", product: nil, in: made.groupId).id, in: made.groupId) { model in
            model.providers = [AppProvider(kind: .emailPassword, settings: .emailPassword(AppEmailPasswordSettings(autoConfirm: true)))]
        }
        return Setup(t: t, groupId: made.groupId, bearer: login.accessToken, app: app)
    }

    func register(_ s: Setup, _ email: String) async -> WireResponse {
        await s.t.call(.post, Route.emailPassword(appId: s.app.clientAppId, .register), json: ["email": .string(email), "password": "pa55word!"])
    }

    /// The link's path and query, read back as the in-process server takes them.
    func follow(_ link: String, bearer: String, in s: Setup) async throws -> WireResponse {
        let url = try #require(URLComponents(string: link))
        let path = try #require(url.path.hasPrefix("/roster") ? String(url.path.dropFirst("/roster".count)) : nil)
        let query = Dictionary(uniqueKeysWithValues: (url.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        return await s.t.call(.get, path, bearer: bearer, query: query)
    }

    @Test(arguments: StoreKind.allCases) func aRefusedRegistrationLinksToItsEntryInTheAppsLog(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        #expect(await register(s, "ann@example.com").status == 201)
        let refused = await register(s, "ann@example.com")
        #expect(refused.status == 409 && refused.errorCode == "AccountNameInUse")
        let requestId = try #require(refused.headers["x-request-id"])
        let link = try #require(refused.json?["link"]?.stringValue)
        #expect(link == "\(Self.base)/api/admin/v3.0/groups/\(s.groupId)/apps/\(s.app.id)/logs?co_id=\(requestId)")

        let log = try await follow(link, bearer: s.bearer, in: s)
        #expect(log.status == 200)
        let entries = log.json?["logs"]?.arrayValue ?? []
        #expect(entries.count == 1, "only the refused request's entries, not the first registration's: \(entries)")
        let entry = try #require(entries.first)
        #expect(entry["co_id"]?.stringValue == requestId && entry["type"] == "AUTH" && entry["error_code"] == "AccountNameInUse")
        #expect(entry["auth_event"] == ["failed": true, "type": "register"])
        #expect(entry["messages"] == ["register-refused", "AccountNameInUse"])

        // Another group's operator is not shown the entry: the link names a group not theirs,
        // and the app under their own group is not found; nor is anybody without a token.
        let (bobMade, bob) = try await s.t.loggedInOperator("bob@example.com")
        let notTheirs = try await follow(link, bearer: bob.accessToken, in: s)
        #expect(notTheirs.status == 401 && notTheirs.json?["logs"] == nil)
        let hidden = try await follow(link.replacingOccurrences(of: "/groups/\(s.groupId)/", with: "/groups/\(bobMade.groupId)/"), bearer: bob.accessToken, in: s)
        #expect(hidden.status == 404 && hidden.errorCode == "AppNotFound")
        #expect(try await follow(link, bearer: "", in: s).status == 401)
    }

    @Test(arguments: StoreKind.allCases) func aRefusedResetTokenLinksToItsEntry(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        let refused = await s.t.call(
            .post, Route.emailPassword(appId: s.app.clientAppId, .reset), json: ["password": "n3w-pa55word", "token": "bogus", "tokenId": "bogus"])
        #expect(refused.status == 400)
        let requestId = try #require(refused.headers["x-request-id"])
        let link = try #require(refused.json?["link"]?.stringValue)
        #expect(link.hasPrefix(Self.base) && link.hasSuffix("/logs?co_id=\(requestId)"))
        let entries = try await follow(link, bearer: s.bearer, in: s).json?["logs"]?.arrayValue ?? []
        #expect(entries.count == 1 && entries.first?["co_id"]?.stringValue == requestId)
        #expect(entries.first?["messages"]?.arrayValue?.first == "reset-refused" && entries.first?["auth_event"]?["failed"] == true)
    }

    /// A request whose path names no app, or an app the Admin API does not hold, is answered
    /// without a link; so is one while the Admin API is served on an address of its own whose
    /// base is not known, and once it is known the link names that address.
    @Test(arguments: StoreKind.allCases) func errorsWithoutAnAppTheAdminAPIHoldsHaveNoLink(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        let session = await s.t.call(.post, Route.session, bearer: "not-a-token")
        #expect(session.status == 401 && session.json?["link"] == "")
        let unknown = await s.t.call(.get, Route.location(appId: "nope-abcde"))
        #expect(unknown.status == 404 && unknown.json?["link"] == "")
        #expect(await register(s, "ann@example.com").status == 201)

        let adminAPI: AdminAPI = s.t.admin
        adminAPI.servedAlone(at: nil)
        #expect(await register(s, "ann@example.com").json?["link"] == "")
        adminAPI.servedAlone(at: PublicURL.listening(host: "127.0.0.1", port: 9091))
        let alone = await register(s, "ann@example.com")
        #expect(alone.json?["link"]?.stringValue?.hasPrefix("http://127.0.0.1:9091/api/admin/v3.0/groups/\(s.groupId)/apps/\(s.app.id)/logs?co_id=") == true)
    }
}
