import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `emailConfirmationUrl` and `resetPasswordUrl` (App Services' `local-userpass` keys): a
/// confirmation or reset message links to the app's own page with `token` and `tokenId` in its
/// query, which the page redeems through the client API; the subjects are the app's.
@Suite(.timeLimit(.minutes(2))) struct AppPageLinkTests {
    static func start(_ kind: StoreKind = .sqlite) async throws -> TestServer {
        var config = TestConfig.app(autoConfirm: false)
        config.providers.emailPassword?.emailConfirmationUrl = "https://kiosk.example/confirm?lang=en#top"
        config.providers.emailPassword?.resetPasswordUrl = "kiosk://reset"
        config.providers.emailPassword?.confirmEmailSubject = "Welcome to the kiosk"
        return try await TestServer.make(config, store: kind)
    }

    /// The `token` and `tokenId` a link carries in its query.
    static func tokens(in link: String) throws -> (token: String, tokenId: String) {
        let items = try #require(URLComponents(string: link)?.queryItems)
        let token = try #require(items.first { $0.name == "token" }?.value)
        let tokenId = try #require(items.first { $0.name == "tokenId" }?.value)
        return (token, tokenId)
    }

    @Test(arguments: StoreKind.allCases) func aConfirmationLinksToTheAppsPageWhoseTokensConfirm(_ kind: StoreKind) async throws {
        let t = try await Self.start(kind)
        #expect(await t.register("ann@example.com", "secret-12").status == 201)
        let message = try #require(try t.outboxMessages().last { $0.kind == .confirm })
        let link = try #require(message.link)
        #expect(link.hasPrefix("https://kiosk.example/confirm?lang=en&token=") && link.hasSuffix("#top"), "\(link)")
        #expect(message.subject == "Welcome to the kiosk")
        #expect(message.text.contains(link))
        let (token, tokenId) = try Self.tokens(in: link)
        #expect(token == message.token && tokenId == message.tokenId)
        #expect(await t.emailRoute(.confirm, ["token": .string(token), "tokenId": .string(tokenId)]).status == 204)
        _ = try await t.loggedIn(.emailPassword, ["username": "ann@example.com", "password": "secret-12"])
    }

    @Test func aResetLinksIntoTheMobileAppWithItsOwnScheme() async throws {
        let t = try await Self.start()
        #expect(await t.register("bo@example.com", "secret-12").status == 201)
        #expect(await t.emailRoute(.resetSend, ["email": "bo@example.com"]).status == 204)
        let message = try #require(try t.outboxMessages().last { $0.kind == .reset })
        let link = try #require(message.link)
        #expect(link.hasPrefix("kiosk://reset?token="), "\(link)")
        #expect(message.subject == "Reset your password for \(t.appId)", "no subject set: Roster's own")
        let (token, tokenId) = try Self.tokens(in: link)
        let reset = await t.emailRoute(.reset, ["token": .string(token), "tokenId": .string(tokenId), "password": "another-12"])
        #expect(reset.status == 204)
    }

    @Test func aPageThatIsNoURLOrASubjectWithControlCharactersIsRefused() throws {
        var config = TestConfig.app()
        config.providers.emailPassword?.emailConfirmationUrl = "not a url"
        #expect(throws: AppConfigError.invalid(path: "app.json", reason: "local-userpass: emailConfirmationUrl must be an absolute URL of at most 2048 characters")) {
            try config.validate(source: "app.json")
        }
        config.providers.emailPassword?.emailConfirmationUrl = nil
        config.providers.emailPassword?.resetPasswordSubject = "Reset\r\nBcc: eve@example.com"
        #expect(throws: AppConfigError.invalid(path: "app.json", reason: "local-userpass: resetPasswordSubject must be 1 to 200 characters without control characters")) {
            try config.validate(source: "app.json")
        }
    }

    /// From an app directory: the provider's keys become the configuration's, and back.
    @Test func anAppDirectorysPagesAndSubjectsAreServedAndExported() throws {
        let model = try AppDirectory.read(AppDirectoryFixtures.url("store-app")).model
        let served = try model.servableApp(secrets: AppSecrets(["storeAdminKey": "kept apart"]))
        #expect(served.config.providers.emailPassword?.resetPasswordUrl == "https://store.example/reset")
        #expect(!served.notServed.contains { $0.contains("resetPasswordUrl") }, "\(served.notServed)")
        let exported = served.config.exportableApp.model.provider(.emailPassword)
        guard case .emailPassword(let settings)? = exported?.settings else { Issue.record("no local-userpass"); return }
        #expect(settings.resetPasswordUrl == "https://store.example/reset")
    }
}
