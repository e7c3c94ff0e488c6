import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

@Suite struct CustomDataTests {
    // BEHAVIOURS 34
    @Test(arguments: StoreKind.allCases) func noDocumentMeansNoUserDataClaim(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let login = try await t.loggedIn(.anonymous)
        let payload = try JSONValue(parsing: UnverifiedJWT.payload(of: login.accessToken))
        #expect(payload["user_data"] == nil)
        #expect(try UnverifiedJWT.claims(AccessTokenClaims.self, of: login.accessToken).userData == nil)
    }

    // BEHAVIOURS 31, 32, 33
    @Test(arguments: StoreKind.allCases) func userDataFollowsAdminChangesOnTheNextRefresh(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let login = try await t.loggedIn(.anonymous)
        let document: JSONValue = ["favoriteColor": "green", "shift": 1, "scale": 1.0, "nested": ["a": [1, 2.5, nil]]]
        try await t.server.admin.setCustomData(appId: t.appId, userId: login.userId, document: document)
        // The old token still has no data; the refreshed one has the document with the user id.
        #expect(try UnverifiedJWT.claims(AccessTokenClaims.self, of: login.accessToken).userData == nil)
        let first = try await t.call(.post, Route.session, bearer: login.refreshToken).decoded(SessionResponse.self)
        let data = try UnverifiedJWT.claims(AccessTokenClaims.self, of: first.accessToken).userData
        #expect(data?["favoriteColor"] == "green")
        #expect(data?["shift"] == .int(1))
        #expect(data?["scale"] == .double(1.0))
        #expect(data?["nested"] == ["a": [1, 2.5, nil]])
        #expect(data?["userId"] == .string(login.userId))
        try await t.server.admin.setCustomData(appId: t.appId, userId: login.userId, document: ["favoriteColor": "blue"])
        let second = try await t.call(.post, Route.session, bearer: login.refreshToken).decoded(SessionResponse.self)
        let replaced = try UnverifiedJWT.claims(AccessTokenClaims.self, of: second.accessToken).userData
        #expect(replaced == ["favoriteColor": "blue", "userId": .string(login.userId)])
        #expect(try await t.server.admin.customData(appId: t.appId, userId: login.userId) == replaced)
    }

    @Test(arguments: StoreKind.allCases) func theUserIdFieldCannotBeSetToSomeoneElse(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let login = try await t.loggedIn(.anonymous)
        try await t.server.admin.setCustomData(appId: t.appId, userId: login.userId, document: ["userId": "someone-else", "x": 1])
        #expect(try await t.server.admin.customData(appId: t.appId, userId: login.userId)?["userId"] == .string(login.userId))
        #expect(try await t.server.admin.customData(appId: t.appId, userId: "someone-else") == nil)
    }

    @Test(arguments: StoreKind.allCases) func logInCarriesExistingDataAtOnce(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let id = try await t.server.admin.createEmailUser(appId: t.appId, email: "ann@example.com", password: "secret-1")
        try await t.server.admin.setCustomData(appId: t.appId, userId: id, document: ["team": "platform"])
        let login = try await t.emailLogin("ann@example.com", "secret-1").decoded(LoginResponse.self)
        #expect(login.userId == id)
        #expect(try UnverifiedJWT.claims(AccessTokenClaims.self, of: login.accessToken).userData?["team"] == "platform")
    }

    @Test(arguments: StoreKind.allCases) func adminRefusesNonObjectsAndUnknownUsers(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let login = try await t.loggedIn(.anonymous)
        await #expect(throws: ServerAdminError.notAnObject) {
            try await t.server.admin.setCustomData(appId: t.appId, userId: login.userId, document: [1, 2])
        }
        await #expect(throws: ServerAdminError.userNotFound("aaaaaaaaaaaaaaaaaaaaaaaa")) {
            try await t.server.admin.setCustomData(appId: t.appId, userId: "aaaaaaaaaaaaaaaaaaaaaaaa", document: [:])
        }
    }
}
