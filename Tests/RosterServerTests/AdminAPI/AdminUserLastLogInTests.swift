import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// `last_authentication_date` in the Admin API's users routes: the time of the user's last
/// log-in, kept by the store; a refresh is no log-in; a user who never logged in answers the
/// creation date.
@Suite struct AdminUserLastLogInTests {
    @Test(arguments: StoreKind.allCases) func theUsersRoutesReportTheLastLogIn(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.edit(try await t.apps.create(name: "kiosk", product: nil, in: made.groupId).id, in: made.groupId) { model in
            model.providers = [AppProvider(kind: .emailPassword, settings: .emailPassword(AppEmailPasswordSettings(autoConfirm: true)))]
        }
        let users = "groups/\(made.groupId)/apps/\(app.id)/users"
        let created = t.clock.now.timeIntervalSince1970.rounded(.down)
        let id = try await t.server.admin.createEmailUser(appId: app.clientAppId, email: "ann@example.com", password: "pa55word!")
        func lastLogIn() async -> (one: Double?, listed: Double?) {
            let one = await t.admin(.get, "\(users)/\(id)", bearer: login.accessToken).json?["last_authentication_date"]?.numberValue
            let listed = await t.admin(.get, users, bearer: login.accessToken).json?.arrayValue?.first?["last_authentication_date"]?.numberValue
            return (one, listed)
        }
        func logIn() async throws -> LoginResponse {
            let answer = await t.call(
                .post, Route.login(appId: app.clientAppId, provider: .emailPassword), json: ["username": "ann@example.com", "password": "pa55word!"])
            return try WireCoding.decode(LoginResponse.self, from: answer.body)
        }
        #expect(await lastLogIn() == (created, created))

        t.clock.advance(by: 100)
        let session = try await logIn()
        #expect(await lastLogIn() == (created + 100, created + 100))

        t.clock.advance(by: 100)
        #expect(await t.call(.post, Route.session, bearer: session.refreshToken).status == 200)
        #expect(await lastLogIn() == (created + 100, created + 100), "a refresh is no log-in")

        t.clock.advance(by: 100)
        _ = try await logIn()
        #expect(await lastLogIn() == (created + 300, created + 300))
    }
}
