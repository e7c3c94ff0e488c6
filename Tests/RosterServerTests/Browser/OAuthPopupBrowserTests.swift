import BrowserStandIn
import Foundation
import IdentityProviderStandIn
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
import RosterServerAssembly

/// realm-web's OAuth 2.0 sign-in in headless Chromium: a web app on its own site
/// (`http://localhost:<port>`, another origin and another site than the server's
/// `http://127.0.0.1:<port>`) opens Roster's browser sign-in in a popup, the person signs in at
/// the identity-provider stand-in's page, Roster sends the popup to the app's redirect page with
/// the outcome in the fragment, the redirect page hands it to the app through `localStorage`,
/// and the app uses the tokens across origins (`OAuthPopupWebApp`).
@Suite(.serialized) final class OAuthPopupBrowserTests {
    let standIn: IdentityProviderStandIn
    let site: StaticPageServer

    init() async throws {
        standIn = try await IdentityProviderStandIn.start()
        site = try await StaticPageServer.start(pages: OAuthPopupWebApp.pages)
    }

    deinit {
        standIn.stop()
        site.stop()
    }

    /// The web app's origin as the browser opens it: `localhost`, so that it is another site too.
    var webOrigin: String { site.origin.replacingOccurrences(of: "127.0.0.1", with: "localhost") }
    var redirectURL: String { webOrigin + "/redirect.html" }

    typealias Served = ServedOnLoopback

    /// A server whose Google, Apple and Facebook are the stand-in, which sends finished sign-ins
    /// only to the web app's redirect page and answers only the web app's origin.
    func serve() async throws -> Served {
        var app = TestConfig.webSignIn(standIn)
        app.webSignIn = WebSignInConfig(allowedRedirectURLs: [redirectURL])
        app.allowedRequestOrigins = [webOrigin]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-oauth-popup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var environment = ServerEnvironment(http: AsyncHTTPOutbound(timeout: 15))
        environment.outboxDirectory = directory.appendingPathComponent("outbox")
        let server = try await ServerAssembly.open(
            databasePath: directory.appendingPathComponent("roster.sqlite").path, apps: [app], environment: environment)
        let (port, serving) = try await serveOnLoopback(server)
        return Served(server: server, base: "http://127.0.0.1:\(port)", serving: serving, appId: app.appId)
    }

    /// How the person answers the provider's sign-in page in the popup.
    enum Answer {
        case signIn(subject: String, email: String, name: String)
        case cancel
    }

    /// Opens the web app, presses "Log in" with `provider`, answers the provider's page in the
    /// popup, and returns what the app shows once the popup has closed.
    func logIn(
        _ s: Served, _ provider: ProviderType, _ answer: Answer, providerInHeader: Bool = false, in browser: WebDriverSession
    ) async throws -> JSONValue {
        var query = "server=\(Browser.encoded(s.base))&app=\(Browser.encoded(s.appId))&provider=\(provider.rawValue)"
        if providerInHeader { query += "&flow=header" }
        try await browser.navigate(to: "\(webOrigin)/app.html?\(query)")
        let opener = try await browser.windowHandle()
        try await browser.element("#login").click()
        let popup: String
        do {
            popup = try await browser.newWindow(besides: [opener])
        } catch {
            // No window opened: the app says why.
            return try JSONValue(parsing: Data(try await Self.text(of: "#outcome", in: browser).utf8))
        }
        try await browser.switchToWindow(popup)
        #expect(try await browser.currentURL().hasPrefix(standIn.baseURL + "/authorize/"))
        switch answer {
        case .signIn(let subject, let email, let name):
            for (field, value) in [("subject", subject), ("email", email), ("name", name)] {
                let input = try await browser.element("input[name=\(field)]")
                try await input.clear()
                try await input.type(value)
            }
            if provider == .apple {
                // Apple answers a form that the browser posts to the server's callback.
                try await browser.element("button[type=submit]:not([name])").submit()
                try await browser.element("form[action$='/auth/callback'] button").click()
            } else {
                try await browser.element("button[type=submit]:not([name])").click()
            }
        case .cancel:
            try await browser.element("button[name=deny]").click()
        }
        try await browser.switchToWindow(opener)
        let outcome = try await Self.text(of: "#outcome", in: browser)
        try await browser.windowClosed(popup)
        return try JSONValue(parsing: Data(outcome.utf8))
    }

    /// The element's text once it has any, waiting up to `timeout`.
    static func text(of css: String, in browser: WebDriverSession, timeout: Duration = .seconds(30)) async throws -> String {
        let started = ContinuousClock.now
        while ContinuousClock.now - started < timeout {
            let text = try await browser.element(css).text()
            if !text.isEmpty { return text }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw StillEmpty(description: "\(css) was still empty after \(timeout)")
    }

    struct StillEmpty: Error, CustomStringConvertible {
        let description: String
    }

    @Test(arguments: [ProviderType.google, .facebook, .apple])
    func aWebAppOnAnotherOriginLogsInThroughThePopup(_ provider: ProviderType) async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        let outcome = try await HeadlessBrowser.with { browser in
            try await logIn(s, provider, .signIn(subject: "web-grace", email: "grace@example.com", name: "Grace Hopper"), in: browser)
        }
        let loggedIn = try #require(outcome["loggedIn"], "\(outcome)")
        #expect(loggedIn["appId"] == .string(s.appId) && loggedIn["sameState"] == true, "\(loggedIn)")
        #expect(loggedIn["profileStatus"] == 200 && loggedIn["refreshStatus"] == 200, "\(loggedIn)")
        #expect(loggedIn["leftInStorage"] == 0, "the app clears the state's result once read")
        let profile = try #require(loggedIn["profile"])
        #expect(profile["user_id"] == loggedIn["userId"] && loggedIn["userId"] != nil, "\(profile)")
        #expect(profile["identities"]?.arrayValue?.first?["provider_type"] == .string(provider.rawValue), "\(profile)")
        #expect(profile["data"]?["email"] == "grace@example.com", "\(profile)")
        #expect(try await s.users() == 1)
    }

    /// realm-web 1.0 fetched the sign-in's address with `providerRedirectHeader=true` from its
    /// own origin, and opened the provider's page the answer's `X-Baas-Location` named: a
    /// redirect there would take the fetch to the provider, which answers no CORS.
    @Test func anEarlierRealmWebReadsTheProvidersPageFromAHeader() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        let outcome = try await HeadlessBrowser.with { browser in
            try await logIn(
                s, .google, .signIn(subject: "web-ada", email: "ada@example.com", name: "Ada Lovelace"), providerInHeader: true, in: browser)
        }
        let loggedIn = try #require(outcome["loggedIn"], "\(outcome)")
        #expect(loggedIn["sameState"] == true && loggedIn["profileStatus"] == 200, "\(loggedIn)")
        #expect(loggedIn["profile"]?["data"]?["email"] == "ada@example.com", "\(loggedIn)")
    }

    /// realm-web sends the device id of its last log-in (`device`, base64url JSON): a second
    /// log-in from the same browser is the same device.
    @Test func aSecondLogInFromTheSameBrowserKeepsItsDeviceId() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        let grace = Answer.signIn(subject: "web-grace", email: "grace@example.com", name: "Grace Hopper")
        let (first, second) = try await HeadlessBrowser.with { browser in
            (try await logIn(s, .google, grace, in: browser), try await logIn(s, .facebook, grace, in: browser))
        }
        let (one, two) = (try #require(first["loggedIn"], "\(first)"), try #require(second["loggedIn"], "\(second)"))
        #expect(one["sentDeviceId"] == .null && one["deviceId"]?.stringValue?.count == 24, "\(one)")
        #expect(two["sentDeviceId"] == one["deviceId"], "\(two)")
        #expect(two["deviceId"] == one["deviceId"], "the same browser, the same device: \(two)")
    }

    @Test func cancellingAtTheProviderReachesTheAppAsTheRedirectsError() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        let outcome = try await HeadlessBrowser.with { browser in
            try await logIn(s, .google, .cancel, in: browser)
        }
        #expect(outcome["loggedIn"] == nil, "\(outcome)")
        #expect(outcome["error"] == "Failed to decode 'authInfo' into ids and tokens", "\(outcome)")
        let why = try #require(outcome["redirectError"]?.stringValue, "\(outcome)")
        #expect(why.contains("access_denied"), "\(why)")
        #expect(try await s.users() == 0)
    }
}
