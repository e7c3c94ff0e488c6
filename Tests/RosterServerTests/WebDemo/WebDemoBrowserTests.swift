import BrowserStandIn
import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// The web demo in headless Chromium: the page, on one origin, lists the demo app's providers,
/// logs Joe in on the API's origin, shows his profile and his custom data, and a change made to
/// that data through the server's admin API appears on the page through its `watch` stream.
///
/// Set `ROSTER_SCREENSHOTS` to a folder to keep the page as `web-demo.png`.
@Suite(.serialized) struct WebDemoBrowserTests {
    @Test(.timeLimit(.minutes(2))) func joeLogsInAndSeesHisCustomDataChangeLive() async throws {
        try await WebDemoOnLoopback.with { served in
            try await HeadlessBrowser.with { browser in
                let page = WebDemoPage(browser: browser)
                try await browser.navigate(to: served.page + "/")
                let providers = try await page.waitFor("#providers", toSay: "local-userpass")
                #expect(providers.contains("anon-user") && providers.contains("api-key"), "\(providers)")

                let email = try await browser.element("#email")
                try await email.clear()
                try await email.type("joe@example.com")
                try await browser.element("#password").type("passw0rd")
                try await browser.element("#login-email").click()

                let profile = try await page.waitFor("#profile", toSay: "joe@example.com")
                #expect(profile.contains("local-userpass"), "\(profile)")
                let joe = try #require(try await served.test.server.admin.findUser(appId: served.test.appId, idOrEmail: "joe@example.com"))
                #expect(profile.contains(joe.id), "\(profile)")
                let data = try await page.waitFor("#custom-data", toSay: "green")
                #expect(data.contains("platform"), "\(data)")
                _ = try await page.waitFor("#live", toSay: "live")

                try await served.test.server.admin.setCustomData(
                    appId: served.test.appId, userId: joe.id, document: ["favoriteColor": "orange", "team": "web"])
                let changed = try await page.waitFor("#custom-data", toSay: "orange")
                #expect(changed.contains("web") && !changed.contains("green"), "\(changed)")
                try await page.waitFor("#changes", toSay: "Last change")
                #expect(try await browser.element("#status").text() == "")
                if let folder = ProcessInfo.processInfo.environment["ROSTER_SCREENSHOTS"], !folder.isEmpty {
                    let album = try ScreenshotAlbum(URL(fileURLWithPath: folder, isDirectory: true))
                    try album.save(try await browser.screenshot(), as: "web-demo")
                }
            }
        }
    }
}

/// The web demo's page as the tests read it.
struct WebDemoPage {
    let browser: WebDriverSession

    /// The text of `css` once it contains `words`, read again until it does (the page fills it
    /// from the server's answers and its stream); fails after `timeout` with what it said.
    @discardableResult
    func waitFor(_ css: String, toSay words: String, timeout: Duration = .seconds(30)) async throws -> String {
        let started = ContinuousClock.now
        var text = ""
        while ContinuousClock.now - started < timeout {
            text = try await browser.element(css).text()
            if text.contains(words) { return text }
            try await Task.sleep(for: .milliseconds(50))
        }
        let status = (try? await browser.element("#status").text()) ?? ""
        throw WebDemoPageTimeout(description: "\(css) never said '\(words)': it said '\(text)'; the page's status: '\(status)'")
    }
}

struct WebDemoPageTimeout: Error, CustomStringConvertible {
    let description: String
}
