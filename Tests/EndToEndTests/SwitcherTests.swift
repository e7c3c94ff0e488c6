import Foundation
import Testing

/// The full-screen switcher: the real `roster` with no arguments in a real terminal under tmux,
/// on the embedded default server, with a second `roster` and `roster-server admin` beside it.
extension EndToEndTests {
    @Suite("switcher under tmux")
    struct SwitcherTests {
        // BEHAVIOURS 1, 4, 5, 7, 9, 32
        @Test func aSessionAtTheSharedTerminal() throws {
            let home = try CommandRunner.temporaryDirectory("switcher")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let session = try TmuxSession(command: [Self.roster], environment: runner.environment)
            try session.waitFor("No users yet. Press n to log in.")

            // Joe, then Emma, log in through the form; the password never shows.
            try logIn(session, email: "joe@example.com", password: "passw0rd")
            try session.waitFor("* joe@example.com")
            try logIn(session, email: "emma@example.com", password: "pa55word")
            let screen = try session.waitFor("* emma@example.com")
            #expect(screen.contains("+ joe@example.com"))
            #expect(!screen.contains("pa55word") && !screen.contains("passw0rd"))
            #expect(screen.contains("active: emma@example.com"))

            // Switch to Joe: select him and press Enter.
            let lines = screen.split(separator: "\n")
            let joeRow = try #require(lines.firstIndex { $0.contains("+ joe@example.com") })
            let emmaRow = try #require(lines.firstIndex { $0.contains("* emma@example.com") })
            try session.send(joeRow > emmaRow ? "Down" : "Up", literal: false)
            try session.send("Enter", literal: false)
            try session.waitFor("active: joe@example.com")
            try session.waitFor("* joe@example.com")
            #expect(try runner.users().first { $0.email == "joe@example.com" }?.current == true)

            // Another terminal logs Emma out: the screen follows without a key press.
            let logout = try runner.roster(["logout", "emma@example.com"])
            #expect(logout.status == 0, "roster logout: \(logout.stderr)")
            try session.waitFor("- emma@example.com", timeout: 30)

            // The server changes Joe's custom data; `r` fetches it.
            let database = home.appendingPathComponent("embedded/server.sqlite").path
            let admin = try runner.rosterServer(
                ["admin", "--db", database, "--demo", "set-custom-data", "joe@example.com", #"{"favoriteColor": "teal"}"#])
            #expect(admin.status == 0, "roster-server admin: \(admin.stderr)")
            try select(session, "joe")
            try session.waitFor("> * joe@example.com")
            try session.send("r")
            try session.waitFor("Custom data of joe@example.com refreshed")
            try session.waitFor("\"favoriteColor\": \"teal\"")

            // Log Joe out with `o`, then remove Emma: Cancel first, then Remove.
            try session.send("o")
            try session.waitFor("Logged out joe@example.com")
            try session.waitFor("- joe@example.com")
            try session.send("Escape", literal: false)
            try session.waitFor("  - emma@example.com")
            try select(session, "emma")
            try session.waitFor("> - emma@example.com")
            try session.send("x")
            try session.waitFor("Remove emma@example.com from this device?")
            try session.send("Enter", literal: false)
            try session.waitFor("Nothing removed")
            try session.send("x")
            try session.waitFor("[ Cancel ]")
            try session.send("Tab", literal: false)
            try session.send("Enter", literal: false)
            try session.waitFor("Removed emma@example.com from this device")
            #expect(try runner.users().map(\.email) == ["joe@example.com"])
            try session.send("Escape", literal: false)
            try session.waitFor("> - joe@example.com")

            // Resize: one column when narrow, a message when too small, two columns again.
            try session.resize(width: 60, height: 20)
            try session.waitFor(String(repeating: "─", count: 60))
            try session.resize(width: 30, height: 8)
            try session.waitFor("at least 40x10")
            try session.resize(width: 100, height: 30)
            try session.waitFor("│")

            // Quit: the terminal is back as it was.
            try session.send("q")
            try expectSaneTerminal(try session.waitFor("[end]"), exited: 0)
        }

        @Test func ctrlCInTheFormQuitsAndRestoresTheTerminal() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-ctrl-c")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let session = try TmuxSession(command: [Self.roster], environment: runner.environment)
            try session.waitFor("No users yet.")
            try session.send("n")
            try session.waitFor("Log in a user")
            try session.send("C-c", literal: false)
            try expectSaneTerminal(try session.waitFor("[end]"), exited: 0)
        }

        @Test func noColorDrawsEveryStateWithoutColour() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-no-color")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let login = try runner.roster(["login", "--anonymous"])
            #expect(login.status == 0, "roster login: \(login.stderr)")

            var environment = runner.environment
            environment["NO_COLOR"] = "1"
            let plain = try TmuxSession(command: [Self.roster], environment: environment)
            try plain.waitFor("* anonymous user")
            let monochrome = try plain.captureWithAttributes()
            #expect(!Self.hasColour(monochrome), "colour codes with NO_COLOR:\n\(monochrome)")
            #expect(monochrome.contains("\u{1B}[7m") || monochrome.contains(";7m"), "the selection is no longer reversed")

            let flagged = try TmuxSession(command: [Self.roster, "--no-color"], environment: runner.environment)
            try flagged.waitFor("* anonymous user")
            #expect(!Self.hasColour(try flagged.captureWithAttributes()))

            let coloured = try TmuxSession(command: [Self.roster], environment: runner.environment)
            try coloured.waitFor("* anonymous user")
            #expect(Self.hasColour(try coloured.captureWithAttributes()))
        }

        @Test func aCorruptStoreShowsAnErrorScreen() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-corrupt")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            #expect(try runner.roster(["login", "--anonymous"]).status == 0)
            let devices = home.appendingPathComponent("devices")
            let stores = FileManager.default.enumerator(at: devices, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.lastPathComponent == "device.sqlite" } ?? []
            let store = try #require(stores.first, "no device store under \(devices.path)")
            try Data("this is not a database, just text that fills the first page".utf8).write(to: store)
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) }

            let session = try TmuxSession(command: [Self.roster], environment: runner.environment)
            let screen = try session.waitFor("Roster cannot go on")
            #expect(screen.contains("Press q to quit."))
            try session.send("q")
            try expectSaneTerminal(try session.waitFor("[end]"), exited: 1)
        }

        static var roster: String { CommandRunner.binaries.appendingPathComponent("roster").path }

        /// SGR colour codes: 30–37, 38;5;n, 40–47, 90–97.
        static func hasColour(_ text: String) -> Bool {
            text.range(of: #"\x1B\[[0-9;]*(3[0-8]|4[0-8]|9[0-7])(;[0-9;]*)?m"#, options: .regularExpression) != nil
        }

        /// Filters the list down to one user with `/`, which selects it.
        private func select(_ session: TmuxSession, _ text: String) throws {
            try session.send("/")
            try session.send(text)
            try session.send("Enter", literal: false)
            try session.waitFor("filter: /\(text)")
        }

        private func logIn(_ session: TmuxSession, email: String, password: String) throws {
            try session.send("n")
            try session.waitFor("Log in a user")
            try session.send(email)
            try session.send("Tab", literal: false)
            try session.send(password)
            try session.send("Enter", literal: false)
            try session.waitFor("Logged in \(email)")
        }

        /// After quitting: the exit status, the full screen gone, echo and line editing back on.
        private func expectSaneTerminal(_ screen: String, exited status: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(screen.contains("[exited \(status)]"), "screen: \(screen)", sourceLocation: sourceLocation)
            #expect(!screen.contains("Roster · "), "the switcher's screen stayed up:\n\(screen)", sourceLocation: sourceLocation)
            try Self.expectSaneSettings(screen, sourceLocation: sourceLocation)
        }

        /// `stty -a` on the screen shows echo and line editing on.
        static func expectSaneSettings(_ screen: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let settings = screen.split(whereSeparator: \.isWhitespace).map(String.init)
            for flag in ["icanon", "echo", "icrnl", "isig", "opost"] {
                #expect(settings.contains(flag), "\(flag) is off after quitting:\n\(screen)", sourceLocation: sourceLocation)
            }
        }
    }
}
