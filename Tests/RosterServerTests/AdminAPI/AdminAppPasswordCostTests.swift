import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore
import RosterServerAssembly

/// The cost the users of the apps the Admin API makes have their passwords hashed at: OWASP's on
/// every server, unless the server is given another (as the tests give their cheap one), on every
/// server process over the database alike.
@Suite struct AdminAppPasswordCostTests {
    @Test func anAdminAPIHashesItsAppsUsersPasswordsAtOWASPsCostUnlessToldOtherwise() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-admin-cost-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let admin = AdminAPI()
        let server = try await ServerAssembly.open(
            databasePath: try await StoreKind.sqlite.newDatabasePath(in: directory), apps: [], environment: ServerEnvironment(), additions: [admin])
        let app = try await #require(admin.apps).create(name: "kiosk", product: nil, in: "group-1")
        #expect(server.services.login.apps[app.clientAppId]?.config.passwordHashing == .owasp)
    }

    @Test func theTestServersAppsHashAtTheTestsCostOnEveryServerOverTheDatabase() async throws {
        let cheap = TestConfig.app().passwordHashing
        #expect(cheap != .owasp)
        let t = try await AdminTestServer.make(store: .sqlite)
        let (ops, login) = try await t.loggedInOperator()
        let made = try await t.apps.create(name: "kiosk", product: nil, in: ops.groupId)
        #expect(t.server.services.login.apps[made.clientAppId]?.config.passwordHashing == cheap)
        let app = try await t.apps.edit(made.id, in: made.groupId) { model in
            model.providers = [AppProvider(kind: .emailPassword, settings: .emailPassword(AppEmailPasswordSettings(autoConfirm: true)))]
        }
        let other = try await t.another()
        #expect(other.server.services.login.apps[app.clientAppId]?.config.passwordHashing == cheap, "followed from the database")
        // A user the Admin API makes keeps a hash at that cost.
        let users = "groups/\(app.groupId)/apps/\(app.id)/users"
        #expect(await t.admin(.post, users, json: ["email": "ann@example.com", "password": "pa55word!"], bearer: login.accessToken).status == 201)
        let account = try await t.server.services.login.store.emailAccount(appId: app.clientAppId, email: "ann@example.com")
        #expect(account?.passwordHash.hasPrefix("$scrypt$ln=\(cheap.logN),r=\(cheap.r),p=\(cheap.p)$") == true, "\(account?.passwordHash.prefix(24) ?? "none")")
    }
}
