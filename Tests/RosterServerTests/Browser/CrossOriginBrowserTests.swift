import BrowserStandIn
import Foundation
import Logging
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// A web app in headless Chromium, its pages served from one loopback origin, using a Roster on
/// another as realm-web does (`WebAppScript`): CORS lets it log in, refresh, call functions and
/// read a `watch` stream; the user realm-web keeps in `localStorage` survives a reload; and an
/// app whose `allowedRequestOrigins` does not list the page's origin is out of the page's reach,
/// its refusals in the server's log, nothing written.
@Suite(.serialized) struct CrossOriginBrowserTests {
    static let email = "emma@example.com"
    static let password = "pa55word-web"

    /// The test app with an `echo` function (a script that answers its input), the `kiosk.notes`
    /// collection open to all, and `allowedRequestOrigins` as given.
    static func server(allowing origins: [String]?, log lines: LogLines = LogLines()) async throws -> TestServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-web-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let echo = directory.appendingPathComponent("echo.sh")
        try Data("#!/bin/sh\ncat\n".utf8).write(to: echo)
        var config = DataAccessTests.config(functions: ["echo": FunctionConfig(command: ["/bin/sh", echo.path])])
        config.allowedRequestOrigins = origins
        let t = try await TestServer.make(config) { $0.logger = Logger(label: "test") { _ in LogLines.Handler(lines: lines) } }
        let registered = await t.register(email, password)
        guard registered.status == 201 || registered.status == 200 else { throw TestServer.Unexpected(response: registered) }
        return t
    }

    /// The page at `path` on `site`, told where Roster is and who logs in.
    static func url(_ site: StaticPageServer, _ path: String, roster port: Int, appId: String, extra: String = "") -> String {
        let query = ["server": "http://127.0.0.1:\(port)", "app": appId, "email": email, "password": password]
            .sorted { $0.key < $1.key }.map { "\($0.key)=\(Browser.encoded($0.value))" }.joined(separator: "&")
        return site.url("\(path)?\(query)\(extra)")
    }

    /// What the page wrote into `#outcome`, waiting for it to appear.
    static func outcome(_ browser: WebDriverSession, timeout: Duration = .seconds(40)) async throws -> JSONValue {
        let started = ContinuousClock.now
        while true {
            do {
                let text = try await browser.element("#outcome").text()
                return try JSONValue(parsing: text)
            } catch let error as WebDriverError where error.error == "no such element" && ContinuousClock.now - started < timeout {
                continue
            }
        }
    }

    @Test(.timeLimit(.minutes(3))) func aPageOnAnotherOriginLogsInRefreshesCallsAndWatches() async throws {
        let site = try await StaticPageServer.start(pages: WebAppPages.all)
        defer { site.stop() }
        let t = try await Self.server(allowing: [site.origin])
        let outcome = try await withLoopbackServer(t.server) { port in
            try await HeadlessBrowser.with { browser in
                try await browser.navigate(to: Self.url(site, WebAppPages.flow, roster: port, appId: t.appId))
                let outcome = try await Self.outcome(browser)
                #expect(outcome["hostname"] == .string("http://127.0.0.1:\(port)"), "\(outcome)")
                return outcome
            }
        }
        #expect(outcome["error"] == nil, "\(outcome)")
        // Emma's first log-in made her user.
        let emma = try #require(try await t.server.admin.findUser(appId: t.appId, idOrEmail: Self.email))
        #expect(outcome["origin"] == .string(site.origin))
        #expect(outcome["userId"] == .string(emma.id) && outcome["email"] == .string(Self.email))
        #expect(outcome["refreshed"] == 1)
        #expect(outcome["echoed"] == ["arguments": ["from the browser", 2], "user": ["id": .string(emma.id)]])
        #expect(outcome["streamType"]?.stringValue?.hasPrefix("text/event-stream") == true)
        let event = try #require(outcome["event"], "\(outcome)")
        #expect(event["type"] == "message")
        #expect(event["data"]?["operationType"] == "insert")
        #expect(event["data"]?["fullDocument"]?["text"] == "written from another origin %\n")
        let inserted = try #require(outcome["inserted"]?["insertedId"])
        #expect(event["data"]?["documentKey"]?["_id"] == inserted && event["data"]?["fullDocument"]?["_id"] == inserted)
    }

    @Test(.timeLimit(.minutes(3))) func theUserKeptInLocalStorageOutlivesAReload() async throws {
        let site = try await StaticPageServer.start(pages: WebAppPages.all)
        defer { site.stop() }
        // No list: every origin may call, as in App Services.
        let t = try await Self.server(allowing: nil)
        try await withLoopbackServer(t.server) { port in
            try await HeadlessBrowser.with { browser in
                try await browser.navigate(to: Self.url(site, WebAppPages.kept, roster: port, appId: t.appId, extra: "&logIn=1"))
                let first = try await Self.outcome(browser)
                let emma = try #require(try await t.server.admin.findUser(appId: t.appId, idOrEmail: Self.email))
                #expect(first["error"] == nil && first["loggedIn"] == true && first["userId"] == .string(emma.id), "\(first)")
                let prefix = "realm-web:app(\(t.appId))"
                let user = "\(prefix):user(\(emma.id))"
                #expect(
                    first["keys"] == .array(
                        ["\(prefix):deviceId", "\(prefix):userIds", "\(user):accessToken", "\(user):profile", "\(user):providerType",
                         "\(user):refreshToken"].sorted().map(JSONValue.string)),
                    "\(first)")
                #expect(try await t.liveSessionCount() == 1)

                // The reload finds Emma in storage and reads her profile with the kept access token.
                try await browser.navigate(to: Self.url(site, WebAppPages.kept, roster: port, appId: t.appId))
                let reloaded = try await Self.outcome(browser)
                #expect(reloaded["error"] == nil && reloaded["loggedIn"] == false, "\(reloaded)")
                #expect(reloaded["userId"] == .string(emma.id) && reloaded["keptEmail"] == .string(Self.email))
                #expect(reloaded["email"] == .string(Self.email) && reloaded["refreshed"] == 0 && reloaded["accessTokenReplaced"] == false)

                // Once the access token has expired, the kept refresh token gets a new one.
                t.clock.advance(by: 1801)
                try await browser.navigate(to: Self.url(site, WebAppPages.kept, roster: port, appId: t.appId))
                let later = try await Self.outcome(browser)
                #expect(later["error"] == nil && later["loggedIn"] == false, "\(later)")
                #expect(later["email"] == .string(Self.email) && later["refreshed"] == 1 && later["accessTokenReplaced"] == true)
            }
        }
        // One log-in, one session, across the reloads.
        #expect(try await t.liveSessionCount() == 1)
        #expect(try await t.userCount() == 1)
    }

    @Test(.timeLimit(.minutes(3))) func aPageOnAnOriginNotListedIsRefusedAndTheLogSaysWhy() async throws {
        let site = try await StaticPageServer.start(pages: WebAppPages.all)
        defer { site.stop() }
        let lines = LogLines()
        let t = try await Self.server(allowing: ["https://shop.example"], log: lines)
        let (users, sessions) = (try await t.userCount(), try await t.liveSessionCount())
        let audit = try await t.server.admin.audit(appId: t.appId, AuditQuery()).count
        let outcome = try await withLoopbackServer(t.server) { port in
            try await HeadlessBrowser.with { browser in
                try await browser.navigate(to: Self.url(site, WebAppPages.refused, roster: port, appId: t.appId))
                return try await Self.outcome(browser)
            }
        }
        // The browser blocks both: the page learns only that the fetch failed.
        #expect(outcome["location"]?["blocked"]?.stringValue?.hasPrefix("TypeError") == true, "\(outcome)")
        #expect(outcome["log-in"]?["blocked"]?.stringValue?.hasPrefix("TypeError") == true, "\(outcome)")
        // The server's log says why: the location (a simple request) reached the app and was
        // refused; the log-in went no further than its preflight.
        let logged = lines.all
        let refused = logged.filter { $0.hasPrefix("request origin not allowed") }
        #expect(!refused.isEmpty && refused.allSatisfy { $0.contains("origin=\(site.origin)") && $0.contains("app=\(t.appId)") }, "\(logged)")
        let preflights = logged.filter { $0.hasPrefix("preflight origin not allowed") }
        #expect(!preflights.isEmpty && preflights.allSatisfy { $0.contains("origin=\(site.origin)") }, "\(logged)")
        // Nothing written.
        #expect(try await t.userCount() == users)
        #expect(try await t.liveSessionCount() == sessions)
        #expect(try await t.server.admin.audit(appId: t.appId, AuditQuery()).count == audit)
    }
}
