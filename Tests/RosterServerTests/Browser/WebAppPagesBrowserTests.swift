import BrowserStandIn
import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
import RosterServerAssembly

/// Roster's own pages opened from a web app on another site, in headless Chromium: a web app at
/// `http://localhost:<port>` starts a device log-in from its page and links to the approval page
/// (`DeviceLoginWebApp`), the person registers there, follows the confirmation and reset links
/// from their web mail on that site to the account pages, signs in and approves, and the web
/// app's page is logged in as them and reads their profile across origins.
@Suite(.serialized) final class WebAppPagesBrowserTests {
    let site: StaticPageServer
    let clock = TestClock(Date())

    init() async throws {
        site = try await StaticPageServer.start(pages: DeviceLoginWebApp.pages)
    }

    deinit { site.stop() }

    /// The web app's origin as the browser opens it: `localhost`, another site than the server's.
    var webOrigin: String { site.origin.replacingOccurrences(of: "127.0.0.1", with: "localhost") }

    struct Served {
        let test: TestServer
        let base: String
        let serving: Task<Void, any Error>
    }

    /// Email and password with confirmation by message, answering only the web app's origin.
    func serve() async throws -> Served {
        var app = TestConfig.app(autoConfirm: false)
        app.allowedRequestOrigins = [webOrigin]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-web-app-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let clock = self.clock
        var environment = ServerEnvironment(now: { clock.now })
        environment.outboxDirectory = directory.appendingPathComponent("outbox")
        let databasePath = directory.appendingPathComponent("roster.sqlite").path
        let server = try await ServerAssembly.open(databasePath: databasePath, apps: [app], environment: environment)
        let (port, serving) = try await serveOnLoopback(server)
        return Served(
            test: TestServer(server: server, directory: directory, clock: clock, appId: app.appId, databasePath: databasePath),
            base: "http://127.0.0.1:\(port)", serving: serving)
    }

    /// Opens the newest message's link from the web mail page in a tab of its own, as the person
    /// would, and returns that tab (showing the account page).
    func openNewestMessage(_ s: Served, in browser: WebDriverSession, expecting path: String) async throws -> String {
        let link = try #require(try s.test.outboxMessages().last?.link)
        #expect(link.hasPrefix("\(s.base)/account/\(s.test.appId)/\(path)?"), "\(link)")
        let mail = try await browser.openTab()
        try await browser.switchToWindow(mail)
        try await browser.navigate(to: "\(webOrigin)/mail.html?link=\(Browser.encoded(link))")
        try await browser.element("#link").submit()
        return mail
    }

    @Test func annRegistersConfirmsResetsAndApprovesFromAWebAppOnAnotherSite() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        let outcome = try await HeadlessBrowser.with { browser in
            try await browser.navigate(to: "\(webOrigin)/device.html?server=\(Browser.encoded(s.base))&app=\(Browser.encoded(s.test.appId))")
            let screen = try await browser.windowHandle()
            try await browser.element("#start").click()
            let code = try await OAuthPopupBrowserTests.text(of: "#code", in: browser)
            try await browser.element("#approve").click()
            let phone = try await browser.newWindow(besides: [screen])
            try await browser.switchToWindow(phone)

            // The approval page, opened from the web app: the code is filled in.
            let page = DeviceApprovalPage(browser)
            #expect(try await page.codeField() == code)
            try await page.continueWithCode()
            try await browser.element("#email").type("ann@example.com")
            try await browser.element("#password").type("first-secret-1")
            try await browser.element("button[value=register]").submit()
            var shown = try await page.text()
            #expect(shown.contains("Registered. Confirm your email"), "\(shown)")

            // The confirmation link, from her web mail on the web app's site.
            let mail = try await openNewestMessage(s, in: browser, expecting: "confirm-email")
            #expect(try await browser.pageText().contains("ann@example.com"))
            try await browser.element("button[type=submit]").submit()
            shown = try await browser.pageText()
            #expect(shown.contains("Your email is confirmed."), "\(shown)")

            // She has forgotten the password already: the reset link, from the same mail.
            try await browser.switchToWindow(phone)
            try await browser.element("#email").type("ann@example.com")
            try await browser.element("button[value=forgot]").submit()
            #expect(try await page.text().contains("a message with a link to set a new password is on its way"))
            _ = try await openNewestMessage(s, in: browser, expecting: "reset-password")
            try await browser.element("#password").type("second-secret-2")
            try await browser.element("#again").type("second-secret-2")
            try await browser.element("button[type=submit]").submit()
            shown = try await browser.pageText()
            #expect(shown.contains("Your password is set."), "\(shown)")
            _ = mail

            try await browser.switchToWindow(phone)
            try await page.signIn(email: "ann@example.com", password: "second-secret-2")
            shown = try await page.text()
            #expect(shown.contains("Signed in as ann@example.com"), "\(shown)")
            try await page.approve()
            #expect(try await page.text().contains("Approved"))

            // Back on the shared screen: the web app's next poll logs her in.
            try await browser.switchToWindow(screen)
            clock.advance(by: 60)
            try await browser.element("#check").click()
            return try JSONValue(parsing: Data(try await OAuthPopupBrowserTests.text(of: "#outcome", in: browser).utf8))
        }
        let loggedIn = try #require(outcome["loggedIn"], "\(outcome)")
        #expect(loggedIn["profileStatus"] == 200, "\(loggedIn)")
        #expect(loggedIn["profile"]?["user_id"] == loggedIn["userId"], "\(loggedIn)")
        #expect(loggedIn["profile"]?["data"]?["email"] == "ann@example.com", "\(loggedIn)")
        #expect(loggedIn["profile"]?["identities"]?.arrayValue?.first?["provider_type"] == "local-userpass", "\(loggedIn)")
    }
}
