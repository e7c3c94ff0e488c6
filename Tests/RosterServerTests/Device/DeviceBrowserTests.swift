import BrowserStandIn
import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Device log-in with a real browser: a roster-server on a loopback port with the demo app and
/// users, a terminal that starts and polls over HTTP, and headless Chromium in a phone-sized
/// window that opens the verification URL and approves or denies as a person would.
///
/// Set `ROSTER_SCREENSHOTS` to a folder (`docs/images`) to keep the page's steps as PNGs.
@Suite(.serialized) struct DeviceBrowserTests {
    /// How the person reaches the page.
    enum Entry: String, CaseIterable, Sendable {
        /// `verification_uri`, then types the code.
        case typed
        /// `verification_uri_complete`, the code already filled in.
        case complete
    }

    @Test(arguments: Entry.allCases) func emmaApprovesOnHerPhoneAndTheTerminalLogsHerIn(_ entry: Entry) async throws {
        try await DeviceLoginOnLoopback.with { server in
            let terminal = server.terminal
            let started = try await terminal.start(client: "roster", terminal: "lab-3")
            let album = try entry == .typed ? DeviceBrowserTests.album() : nil
            try await HeadlessBrowser.with { browser in
                let page = DeviceApprovalPage(browser, album: album)
                switch entry {
                case .typed:
                    try await page.open(started.verificationUri)
                    #expect(try await page.codeField() == "")
                    // Typed as a person would: lower case, no hyphen.
                    try await page.enterCode(started.userCode.replacingOccurrences(of: "-", with: "").lowercased(), screenshot: "device-login-1-code")
                case .complete:
                    try await page.open(started.verificationUriComplete)
                    #expect(try await page.codeField() == started.userCode)
                    try await page.continueWithCode()
                }
                let asker = try await page.text()
                #expect(asker.contains("roster on lab-3") && asker.contains("Sign in"), "\(asker)")
                try await page.signIn(email: "emma@example.com", password: "pa55word", screenshot: "device-login-2-sign-in")
                #expect(try await page.text().contains("Signed in as emma@example.com"))
                try await page.approve(screenshot: "device-login-3-approve")
                #expect(try await page.text().contains("Approved"))
                try await page.shoot("device-login-4-done")
            }

            server.clock.advance(by: TimeInterval(started.interval))
            let login = try await terminal.loggedIn(started.deviceCode)
            #expect(login.provider == "local-userpass")
            let profile = try await terminal.profile(login.accessToken)
            #expect(profile.userId == login.userId && profile.data["email"] == "emma@example.com")
        }
        if entry == .typed { try DeviceBrowserTests.checkAlbum() }
    }

    @Test func denyingOnThePhoneRefusesTheTerminal() async throws {
        try await DeviceLoginOnLoopback.with { server in
            let terminal = server.terminal
            let started = try await terminal.start(client: "roster", terminal: "lab-3")
            try await HeadlessBrowser.with { browser in
                let page = DeviceApprovalPage(browser)
                try await page.open(started.verificationUriComplete)
                try await page.continueWithCode()
                try await page.signIn(email: "emma@example.com", password: "pa55word")
                try await page.deny()
                #expect(try await page.text().contains("Denied"))
            }
            server.clock.advance(by: TimeInterval(started.interval))
            let refused = try await terminal.poll(started.deviceCode)
            #expect(refused.status == 400 && refused.grantError == "access_denied", "\(refused.json ?? .null)")
            #expect(try await server.test.liveSessionCount() == 0)
        }
    }

    /// Without Chromium or its driver the browser tests fail, naming the Debian packages.
    @Test func aMissingBrowserFailsNamingItsPackages() async throws {
        for missing in [(chromium: "/nonexistent/chromium", driver: ChromeDriverProcess.driverPath),
                        (chromium: ChromeDriverProcess.chromiumPath, driver: "/nonexistent/chromedriver")] {
            let error = await #expect(throws: BrowserUnavailable.self) {
                try await HeadlessBrowser.with(chromium: missing.chromium, driver: missing.driver) { _ in }
            }
            #expect(error?.description.contains("chromium and chromium-driver") == true, "\(String(describing: error))")
        }
    }

    /// Where this run's screenshots go: `ROSTER_SCREENSHOTS`, or a temporary folder.
    static func album() throws -> ScreenshotAlbum {
        try ScreenshotAlbum(albumDirectory)
    }

    static let albumDirectory: URL = {
        if let folder = ProcessInfo.processInfo.environment["ROSTER_SCREENSHOTS"], !folder.isEmpty {
            return URL(fileURLWithPath: folder, isDirectory: true)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("roster-device-screens-\(UUID().uuidString)")
    }()

    /// Every step's screenshot is a PNG of the phone-sized window.
    static func checkAlbum() throws {
        let album = try album()
        for name in ["device-login-1-code", "device-login-2-sign-in", "device-login-3-approve", "device-login-4-done"] {
            let png = try Data(contentsOf: album.url(name))
            let size = try #require(ScreenshotAlbum.size(ofPNG: png), "\(name) is not a PNG")
            #expect(size.width == 390 && size.height == 844, "\(name): \(size)")
        }
    }
}
