import BrowserStandIn
import Foundation
import IdentityProviderStandIn
import RosterWire
import Testing

/// The whole device log-in as people do it: `roster login --device` runs on the shared
/// terminal, and a person approves it in headless Chromium on a phone-sized page, by email and
/// password or through Google's sign-in page (the stand-in's, reached by another host name, so
/// that the way back from it is a cross-site navigation, as from the real Google).
extension EndToEndTests {
    @Suite("device log-in approved in a real browser", .serialized)
    struct DeviceBrowserCommandTests {
        static let appId = "roster-e2e-device"

        enum Approval: String, CaseIterable, Sendable {
            /// Emma types her email and password on the page.
            case emailPassword
            /// Grace signs in on Google's page and comes back.
            case google
        }

        /// An app with email/password (confirmed at once) and Google pointed at `standIn`.
        static func appConfig(_ standIn: IdentityProviderStandIn) -> JSONValue {
            // The server is reached as 127.0.0.1 and Google as localhost: two sites, as in life.
            let authorization = standIn.authorizationEndpoint("google").replacingOccurrences(of: "127.0.0.1", with: "localhost")
            return [
                "appId": .string(appId),
                "passwordHashing": ["logN": 10, "r": 8, "p": 1],
                "providers": [
                    "local-userpass": ["enabled": true, "confirmation": "auto"],
                    "oauth2-google": [
                        "clientId": .string(IdentityProviderStandIn.clientId), "jwksURL": .string(standIn.jwksURL),
                        "authorizationEndpoint": .string(authorization), "tokenEndpoint": .string(standIn.tokenEndpoint),
                        "clientSecret": .string(IdentityProviderStandIn.clientSecret),
                    ],
                ],
                "deviceLogin": ["intervalSeconds": 1],
            ]
        }

        @Test(arguments: Approval.allCases)
        func rosterLoginDeviceLogsInWhoeverApprovesInChromium(_ approval: Approval) async throws {
            let home = try CommandRunner.temporaryDirectory("device-browser-\(approval.rawValue)")
            let standIn = try await IdentityProviderStandIn.start()
            defer { standIn.stop(); try? FileManager.default.removeItem(at: home) }
            let config = home.appendingPathComponent("app.json")
            try Data(Self.appConfig(standIn).compactText.utf8).write(to: config)
            let server = try ServerProcess(database: home.appendingPathComponent("server.sqlite").path, home: home, config: config)
            defer { server.stop() }
            let runner = CommandRunner(
                home: home.appendingPathComponent("client"), extra: ["ROSTER_SERVER_URL": server.baseURL, "ROSTER_APP_ID": Self.appId])
            if approval == .emailPassword {
                let registered = try runner.roster(
                    ["account", "register", "--email", "emma@example.com", "--password-stdin"], stdin: "pa55word-emma\n")
                #expect(registered.status == 0, "\(registered.stderr)")
            }

            let child = try ChildProcess(path: DeviceLoginCommandTests.roster, ["login", "--device"], environment: runner.environment, stdout: .pipe)
            // A terminal never approved must not keep the test waiting for its code to expire.
            defer { if child.isRunning { child.signal(SIGTERM); _ = child.wait() } }
            let lines = child.readLines { $0.count >= 2 }
            let url = try #require(lines.first.map { String($0.dropFirst("Open ".count)) })
            let code = try #require(lines.last.map { String($0.dropFirst("Code ".count)) })
            #expect(url == "\(server.baseURL)/device")

            try await HeadlessBrowser.with { browser in
                let page = DeviceApprovalPage(browser)
                try await page.open(url)
                try await page.enterCode(code)
                #expect(try await page.text().contains("roster on "))
                switch approval {
                case .emailPassword:
                    try await page.signIn(email: "emma@example.com", password: "pa55word-emma")
                case .google:
                    try await page.signIn(through: "oauth2-google")
                    let google = ProviderSignInPage(browser)
                    #expect(try await browser.currentURL().hasPrefix("http://localhost:"))
                    #expect(try await google.text().contains("Sign in to the google stand-in"))
                    try await google.signIn(subject: "g-grace", email: "grace@example.com", name: "Grace Hopper")
                }
                // Back on the page (for Google, after the callback's step back to it), signed in.
                _ = try await browser.element("button[value=approve]")
                let signedIn = try await page.text()
                switch approval {
                case .emailPassword: #expect(signedIn.contains("Signed in as emma@example.com."), "\(signedIn)")
                case .google: #expect(signedIn.contains("via Google"), "\(signedIn)")
                }
                try await page.approve()
                #expect(try await page.text().contains("Approved"))
            }

            let rest = child.readLines { _ in false }
            #expect(child.wait() == 0)
            let users = try runner.users()
            let user = try #require(users.first, "\(rest)")
            #expect(users.count == 1 && user.current && user.state == "loggedIn")
            switch approval {
            case .emailPassword:
                #expect(user.email == "emma@example.com" && user.providers == ["local-userpass"])
                #expect(rest == ["Logged in emma@example.com (\(user.id)); now the active user."])
            case .google:
                #expect(user.providers == ["oauth2-google"] && user.name == "Grace Hopper", "\(user)")
                #expect(rest.first?.hasPrefix("Logged in ") == true && rest.first?.contains("(\(user.id))") == true, "\(rest)")
            }
        }
    }
}
