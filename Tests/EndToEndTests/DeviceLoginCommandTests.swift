import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `roster login --device`, `roster link --device` and the switcher's "on another device", run
/// for real against a real `roster-server`, approved on its `/device` page as a phone would.
extension EndToEndTests {
    @Suite("log in on another device")
    struct DeviceLoginCommandTests {
        static var roster: String { CommandRunner.binaries.appendingPathComponent("roster").path }

        /// A server with the demo users, and a client home that talks to it.
        private func start(_ name: String) throws -> (ServerProcess, CommandRunner, URL) {
            let home = try CommandRunner.temporaryDirectory(name)
            let server = try ServerProcess(database: home.appendingPathComponent("server.sqlite").path, home: home)
            let runner = CommandRunner(
                home: home.appendingPathComponent("client"), extra: ["ROSTER_SERVER_URL": server.baseURL, "ROSTER_APP_ID": "roster-demo"])
            return (server, runner, home)
        }

        @Test func pipedItPrintsOnlyTheURLAndCodeThenLogsInOnceApproved() async throws {
            let (server, runner, home) = try start("device-piped")
            defer { server.stop(); try? FileManager.default.removeItem(at: home) }
            let child = try ChildProcess(path: Self.roster, ["login", "--device"], environment: runner.environment, stdout: .pipe)
            let lines = child.readLines { $0.count >= 2 }
            #expect(lines.first == "Open \(server.baseURL)/device")
            let code = try #require(lines.last.map { String($0.dropFirst("Code ".count)) })
            #expect(lines.last == "Code \(code)" && code.count == 9)

            try await PhoneBrowser(base: server.baseURL).approve(code, email: "emma@example.com", password: "pa55word")
            let rest = child.readLines { _ in false }
            #expect(child.wait() == 0)
            let users = try runner.users()
            let emma = try #require(users.first { $0.email == "emma@example.com" })
            #expect(emma.current && emma.state == "loggedIn" && emma.providers == ["local-userpass"])
            #expect(rest == ["Logged in emma@example.com (\(emma.id)); now the active user."])
        }

        @Test func linkDeviceAddsTheIdentitySignedInWithOnThePhoneToTheActiveUser() async throws {
            let (server, runner, home) = try start("device-link")
            defer { server.stop(); try? FileManager.default.removeItem(at: home) }
            #expect(try runner.roster(["login", "--anonymous"]).status == 0)
            #expect(try runner.roster(["account", "register", "--email", "ann@example.com", "--password-stdin"], stdin: "ann-password-1\n").status == 0)
            let anonymous = try #require(try runner.users().first)
            let child = try ChildProcess(path: Self.roster, ["link", "--device"], environment: runner.environment, stdout: .pipe)
            let lines = child.readLines { $0.count >= 2 }
            let code = try #require(lines.last.map { String($0.dropFirst("Code ".count)) })
            try await PhoneBrowser(base: server.baseURL).approve(code, email: "ann@example.com", password: "ann-password-1")
            let rest = child.readLines { _ in false }
            #expect(child.wait() == 0)
            let linked = try #require(try runner.users().first)
            #expect(linked.id == anonymous.id)
            #expect(Set(linked.providers) == ["anon-user", "local-userpass"])
            #expect(rest.first?.hasPrefix("Linked a log-in on another device to ") == true, "\(rest)")
            #expect(rest.first?.contains("(\(anonymous.id))") == true)
        }

        /// Under `pin` the PIN is read once the phone approved: someone logged in here already
        /// gives their own, and a wrong one leaves their PIN as it was.
        // BEHAVIOURS 44, 45
        @Test func underPinAReturningUserIsAskedTheirOwnPINAfterApprovalAndKeepsIt() async throws {
            let (server, runner, home) = try start("device-pin")
            defer { server.stop(); try? FileManager.default.removeItem(at: home) }
            #expect(try runner.roster(["policy", "pin"]).status == 0)
            let first = try runner.roster(["login", "--email", "joe@example.com", "--password-stdin", "--pin-stdin"], stdin: "passw0rd\n2468\n")
            #expect(first.status == 0, "\(first.stderr)")
            let errors = home.appendingPathComponent("stderr")
            let child = try ChildProcess(
                path: Self.roster, ["login", "--device", "--pin-stdin"], environment: runner.environment, stdin: .pipe, stdout: .pipe,
                stderr: .file(errors.path))
            let lines = child.readLines { $0.count >= 2 }
            let code = try #require(lines.last.map { String($0.dropFirst("Code ".count)) })
            try await PhoneBrowser(base: server.baseURL).approve(code, email: "joe@example.com", password: "passw0rd")
            try child.input?.write(contentsOf: Data("1357\n".utf8))
            try child.input?.close()
            #expect(child.wait() == 1)
            let said = try String(contentsOf: errors, encoding: .utf8)
            #expect(said.contains("wrong PIN for joe@example.com"), "\(said)")
            #expect(try runner.roster(["token", "joe", "--pin-stdin"], stdin: "1357\n").status == 1)
            let token = try runner.roster(["token", "joe", "--pin-stdin"], stdin: "2468\n")
            #expect(token.status == 0, "\(token.stderr)")
        }

        @Test func deniedOnThePhoneItFailsAndLogsNobodyIn() async throws {
            let (server, runner, home) = try start("device-denied")
            defer { server.stop(); try? FileManager.default.removeItem(at: home) }
            let errors = home.appendingPathComponent("stderr")
            let child = try ChildProcess(
                path: Self.roster, ["login", "--device"], environment: runner.environment, stdout: .pipe, stderr: .file(errors.path))
            let lines = child.readLines { $0.count >= 2 }
            let code = try #require(lines.last.map { String($0.dropFirst("Code ".count)) })
            try await PhoneBrowser(base: server.baseURL).deny(code)
            #expect(child.wait() == 1)
            let said = try String(contentsOf: errors, encoding: .utf8)
            #expect(said.contains("the log-in was denied on the other device"), "\(said)")
            #expect(try runner.users().isEmpty)
        }

        @Test func deviceGoesWithNoOtherCredentials() throws {
            let home = try CommandRunner.temporaryDirectory("device-flags")
            defer { try? FileManager.default.removeItem(at: home) }
            let result = try CommandRunner(home: home).roster(["login", "--device", "--anonymous"])
            #expect(result.status != 0)
            #expect(result.stderr.contains("choose one of") && result.stderr.contains("--device"))
        }

        @Test func onATerminalItDrawsTheCodeLargeAndAQRCodeCountsDownAndEscCancels() async throws {
            let (server, runner, home) = try start("device-terminal")
            defer { server.stop(); try? FileManager.default.removeItem(at: home) }
            let session = try TmuxSession(command: [Self.roster, "login", "--device"], environment: runner.environment, width: 100, height: 50)
            var screen = try session.waitFor("waiting for approval")
            #expect(screen.contains("\(server.baseURL)/device"))
            #expect(screen.contains("or scan the QR code"))
            #expect(screen.contains("█▀▀▀▀▀█"), "the QR code's finder pattern:\n\(screen)")
            #expect(screen.contains("Expires in 9:") || screen.contains("Expires in 10:00"))
            let colours = try session.captureWithAttributes()
            #expect(colours.contains("47m"), "dark on light:\n\(colours)")
            try session.send("Escape", literal: false)
            screen = try session.waitFor("[end]")
            #expect(screen.contains("log-in on another device cancelled"))
            #expect(screen.contains("[exited 1]"))
            #expect(screen.contains(" icanon ") && screen.contains(" echo "), "the terminal is as it was:\n\(screen)")

            // Again, approved this time: it ends as any log-in does.
            let again = try TmuxSession(command: [Self.roster, "login", "--device"], environment: runner.environment, width: 100, height: 50)
            screen = try again.waitFor("waiting for approval")
            let code = try #require(screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.count == 9 && $0.dropFirst(4).first == "-" && !$0.contains(" ") })
            try await PhoneBrowser(base: server.baseURL).approve(code, email: "joe@example.com", password: "passw0rd")
            screen = try again.waitFor("[end]")
            #expect(screen.contains("Logged in joe@example.com ("), "\(screen)")
            #expect(screen.contains("[exited 0]"))
        }

        @Test func theSwitcherLogsInThroughAnotherDevice() async throws {
            let (server, runner, home) = try start("device-switcher")
            defer { server.stop(); try? FileManager.default.removeItem(at: home) }
            let session = try TmuxSession(command: [Self.roster], environment: runner.environment, width: 100, height: 30)
            try session.waitFor("No users yet")
            try session.send("n")
            try session.waitFor("Log in a user")
            let screen = try await Self.startOnAnotherDevice(session)
            #expect(screen.contains("\(server.baseURL)/device"))
            #expect(screen.contains("█▀▀▀▀▀█"), "the QR code:\n\(screen)")
            let code = try #require(Self.userCode(on: screen))
            // Keys stay live while it waits: help opens and closes.
            try session.send("F1", literal: false)
            try session.waitFor("Keys on the log-in form")
            try session.send("Escape", literal: false)
            try session.waitUntilGone("Keys on the log-in form")
            try await PhoneBrowser(base: server.baseURL).approve(code, email: "emma@example.com", password: "pa55word")
            try session.waitFor("Logged in emma@example.com")
            try session.waitFor("* emma@example.com")
        }

        /// Under `pin` the switcher's form asks for no PIN before anyone signed in; once the phone
        /// approves, it asks the new person to choose one, which then seals their session.
        // BEHAVIOURS 44
        @Test func underPinTheSwitcherAsksThePINOnceThePhoneApproved() async throws {
            let (server, runner, home) = try start("device-switcher-pin")
            defer { server.stop(); try? FileManager.default.removeItem(at: home) }
            #expect(try runner.roster(["policy", "pin"]).status == 0)
            let session = try TmuxSession(command: [Self.roster], environment: runner.environment, width: 100, height: 30)
            try session.waitFor("No users yet")
            try session.send("n")
            try session.waitFor("Log in a user")
            let screen = try await Self.startOnAnotherDevice(session)
            let code = try #require(Self.userCode(on: screen))
            try await PhoneBrowser(base: server.baseURL).approve(code, email: "emma@example.com", password: "pa55word")
            try session.waitFor("Choose a PIN: it unlocks this user on this terminal.")
            try session.send("2468")
            try session.send("Tab", literal: false)
            try session.send("2468")
            try session.send("Enter", literal: false)
            try session.waitFor("Logged in emma@example.com")
            #expect(try runner.roster(["token", "emma", "--pin-stdin"], stdin: "1357\n").status == 1)
            let token = try runner.roster(["token", "emma", "--pin-stdin"], stdin: "2468\n")
            #expect(token.status == 0, "\(token.stderr)")
        }

        /// On the embedded default, `roster ui --listen` serves the phone's page for as long as
        /// the switcher runs: the form shows that page's address, and approving there logs in.
        @Test func theEmbeddedDefaultServesThePhonesPageWithListen() async throws {
            let home = try CommandRunner.temporaryDirectory("device-listen")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let session = try TmuxSession(command: [Self.roster, "ui", "--listen", "127.0.0.1:0"], environment: runner.environment, width: 100, height: 30)
            let started = try session.waitFor("Serving a phone's page at http://127.0.0.1:")
            let page = try #require(started.firstMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+\/device/).map { String($0.output) })
            let base = String(page.dropLast("/device".count))
            try session.send("n")
            try session.waitFor("Log in a user")
            let screen = try await Self.startOnAnotherDevice(session)
            #expect(screen.contains(page), "\(screen)")
            #expect(!screen.contains("needs a server a phone can reach"))
            let code = try #require(Self.userCode(on: screen))
            try await PhoneBrowser(base: base).approve(code, email: "emma@example.com", password: "pa55word")
            try session.waitFor("Logged in emma@example.com")
            // What the phone needs, and nothing of the client API: a log-in there is not served.
            func status(_ method: String, _ path: String) async throws -> (Int, String) {
                var request = URLRequest(url: URL(string: base + path)!)
                request.httpMethod = method
                if method == "POST" {
                    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                    request.httpBody = Data(#"{"username": "emma@example.com", "password": "pa55word"}"#.utf8)
                }
                let (data, response) = try await URLSession.shared.data(for: request)
                return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
            }
            #expect(try await status("GET", "/device").0 == 200)
            for (method, path) in [
                ("GET", "/api/client/v2.0/app/roster-demo/location"), ("POST", "/api/client/v2.0/app/roster-demo/auth/providers/local-userpass/login"),
                ("GET", "/api/client/v2.0/auth/profile"), ("GET", "/health"),
            ] {
                let (code, body) = try await status(method, path)
                #expect(code == 404 && body.contains("RouteNotFound"), "\(method) \(path): \(code) \(body)")
            }
            try session.send("q")
            #expect(try session.waitFor("[end]").contains("[exited 0]"))
        }

        @Test func theSwitcherLinksALogInMadeOnAnotherDevice() async throws {
            let (server, runner, home) = try start("device-switcher-link")
            defer { server.stop(); try? FileManager.default.removeItem(at: home) }
            #expect(try runner.roster(["login", "--anonymous"]).status == 0)
            #expect(try runner.roster(["account", "register", "--email", "ann@example.com", "--password-stdin"], stdin: "ann-password-1\n").status == 0)
            let anonymous = try #require(try runner.users().first)
            let session = try TmuxSession(command: [Self.roster], environment: runner.environment, width: 100, height: 30)
            try session.waitFor("* anonymous user")
            try session.send("l")
            try session.waitFor("Link another log-in to")
            let screen = try await Self.startOnAnotherDevice(session)
            #expect(screen.contains("Link a log-in on another device to"), "\(screen)")
            let code = try #require(Self.userCode(on: screen))
            try await PhoneBrowser(base: server.baseURL).approve(code, email: "ann@example.com", password: "ann-password-1")
            try session.waitFor("Linked a log-in to")
            try session.send("q")
            let linked = try #require(try runner.users().first)
            #expect(linked.id == anonymous.id && Set(linked.providers) == ["anon-user", "local-userpass"], "\(linked)")
        }

        /// On the switcher's log-in (or link) form: chooses "on another device" and starts it.
        /// The screen that then waits for approval.
        static func startOnAnotherDevice(_ session: TmuxSession) async throws -> String {
            // A link form starts on the first field to type; the provider is the one before it.
            if !(try session.capture().contains("> Provider")) { try session.send("BTab", literal: false) }
            try session.waitFor("> Provider")
            // The last choice, whatever the server enables: Left until it shows, each press
            // waited for until the provider's row shows another choice.
            let providerRow = { (screen: String) in screen.split(separator: "\n").first { $0.contains("> Provider") }.map(String.init) }
            for _ in 0..<12 where !(try session.capture().contains("< on another device >")) {
                let before = providerRow(try session.capture())
                try session.send("Left", literal: false)
                try session.waitUntil("the provider's row never changed from \(before ?? "nothing")") { providerRow($0) != before }
            }
            try session.waitFor("< on another device >")
            try session.send("Enter", literal: false)
            return try session.waitFor("waiting for approval")
        }

        /// The user code the switcher shows, `WDJB-MJHT`.
        static func userCode(on screen: String) -> String? {
            screen.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ").map(String.init)
                return words.first { $0.count == 9 && $0.dropFirst(4).first == "-" && $0.allSatisfy { $0.isUppercase || $0 == "-" } }
            }.first
        }
    }
}
