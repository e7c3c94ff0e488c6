import Foundation
import RosterWire
import Testing

@testable import RosterCore

/// Log-in through each provider the demo app enables, and the account routes beside them.
@Suite("Providers and accounts")
struct ProvidersTests {
    // BEHAVIOURS 5, 7
    @Test func apiKeysLogTheOwnerInAndObeyEnableDisableDelete() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let created = try await joe.apiKeysAuth.create(name: "ci")
        let secret = try #require(created.key)
        #expect(created.name == "ci" && !created.disabled)
        let listed = try await joe.apiKeysAuth.list()
        #expect(listed.map(\.id) == [created.id])
        #expect(listed.first?.key == nil)
        #expect(try await joe.apiKeysAuth.fetch(id: created.id).name == "ci")

        _ = try await app.login(credentials: Fixture.emma)
        let viaKey = try await app.login(credentials: .userAPIKey(secret))
        #expect(viaKey.id == joe.id)
        #expect(app.currentUser?.id == joe.id)
        #expect(app.allUsers.count == 2)

        try await joe.apiKeysAuth.disable(id: created.id)
        #expect(try await joe.apiKeysAuth.fetch(id: created.id).disabled)
        let refused = await rosterError { try await app.login(credentials: .userAPIKey(secret)) }
        #expect(refused == .server(code: "AuthError", message: "invalid API key", status: 401))
        #expect(refused?.description.contains(secret) == false)
        #expect(app.currentUser?.id == joe.id && app.allUsers.count == 2)
        try await joe.apiKeysAuth.enable(id: created.id)
        _ = try await app.login(credentials: .userAPIKey(secret))
        try await joe.apiKeysAuth.delete(id: created.id)
        #expect(try await joe.apiKeysAuth.list().isEmpty)
        let missing = await rosterError { try await joe.apiKeysAuth.fetch(id: created.id) }
        #expect(missing?.serverCode == .apiKeyNotFound)
    }

    // BEHAVIOURS 5
    @Test func customJWTLogInCarriesMetadataIntoTheProfile() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let token = try await fixture.server.admin.mintCustomJWT(
            appId: fixture.appId, subject: "ext-42", claims: ["name": "Zed", "email": "zed@example.com"], lifetime: 600)
        let zed = try await app.login(credentials: .jwt(token))
        #expect(zed.identities.map(\.provider) == [.customToken])
        #expect(zed.profile.name == "Zed")
        #expect(zed.profile.email == "zed@example.com")
        #expect(app.currentUser?.id == zed.id)
        let again = try await app.login(credentials: .jwt(token))
        #expect(again.id == zed.id)
    }

    // BEHAVIOURS 5, 9
    @Test func registeredUsersLogInAndEmailsAreNotTakenTwice() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        try await app.emailPasswordAuth.registerUser(email: "ann@example.com", password: "an0ther-pass")
        let twice = await rosterError {
            try await app.emailPasswordAuth.registerUser(email: "ann@example.com", password: "an0ther-pass")
        }
        #expect(twice?.serverCode == .accountNameInUse)
        let ann = try await app.login(credentials: .emailPassword(email: "ann@example.com", password: "an0ther-pass"))
        #expect(ann.profile.email == "ann@example.com")
        #expect(ann.customData == .emptyObject)
        #expect(!ann.isAnonymous)
    }

    @Test func disabledProviderIsAClearServerError() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let error = await rosterError { try await app.login(credentials: .facebook(accessToken: "fb-token")) }
        #expect(error?.serverCode == .authProviderNotFound)
        #expect(app.allUsers.isEmpty)
    }
}
