import Foundation
import Testing

/// The switcher in a real terminal when things are not plain: names outside ASCII, signals, a
/// crash, and a server that goes away.
extension EndToEndTests {
    @Suite("switcher terminal care under tmux")
    struct SwitcherCareTests {
        @Test func wideAndAccentedNamesLineUp() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-utf8")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            #expect(try runner.roster(["users"]).status == 0)  // makes and seeds the embedded store
            let database = home.appendingPathComponent("embedded/server.sqlite").path
            for (subject, name) in [("zoe", "Zoë"), ("zhang", "张伟"), ("sunny", "😀 Sunny")] {
                let minted = try runner.rosterServer(["admin", "--db", database, "--demo", "mint-jwt", "--sub", subject, "--name", name])
                #expect(minted.status == 0, "mint-jwt: \(minted.stderr)")
                let login = try runner.roster(["login", "--jwt-stdin"], stdin: minted.stdout)
                #expect(login.status == 0, "login: \(login.stderr)")
            }
            let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            let screen = try session.waitFor("张伟")
            let rows = screen.split(separator: "\n").map(String.init)
            // The provider column and the divider start at the same column whatever the name.
            for name in ["Zoë", "张伟", "😀 Sunny"] {
                let row = try #require(rows.first { $0.contains(name) && $0.contains("custom-token") }, "no row for \(name):\n\(screen)")
                #expect(Self.columns(before: "custom-token", in: row) == Self.columns(before: "custom-token", in: rows.first { $0.contains("Zoë") }!),
                    "\(name) misaligns the list:\n\(screen)")
                #expect(Self.columns(before: "│", in: row) == 40, "\(name) moves the divider:\n\(screen)")
            }
            try session.send("q")
            #expect(try session.waitFor("[end]").contains("[exited 0]"))
        }

        /// The active person's custom data changed on the server by someone else (an operator
        /// with `roster-server admin`, in a process of its own over the server's database) shows
        /// in the detail pane without `r`, marked "changed just now".
        @Test func customDataChangedOnTheServerShowsLive() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-live-data")
            defer { try? FileManager.default.removeItem(at: home) }
            let database = home.appendingPathComponent("server.sqlite").path
            let server = try ServerProcess(database: database, home: home)
            defer { server.stop() }
            let runner = CommandRunner(
                home: home.appendingPathComponent("client"), extra: ["ROSTER_SERVER_URL": server.baseURL, "ROSTER_APP_ID": "roster-demo"])
            #expect(try runner.roster(["login", "--email", "emma@example.com", "--password-stdin"], stdin: "pa55word\n").status == 0)
            let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            _ = try session.waitFor("\"favoriteColor\": \"purple\"")
            // The stream opens in the background; the change is made again until it shows.
            var screen = ""
            for round in 1...20 {
                let set = try runner.rosterServer(
                    ["admin", "--db", database, "--demo", "set-custom-data", "emma@example.com", #"{"favoriteColor": "teal", "round": \#(round)}"#])
                #expect(set.status == 0, "\(set.stderr)")
                if let shown = try? session.waitFor("changed just now", timeout: 3) {
                    screen = shown
                    break
                }
            }
            #expect(screen.contains("custom data · changed just now"), "\(screen)")
            #expect(screen.contains("\"favoriteColor\": \"teal\""), "\(screen)")
            try session.send("q")
            _ = try session.waitFor("[end]")
        }

        /// Text another process writes over the switcher stays until Ctrl-L draws the screen
        /// again, as in a shell, on the list and in a form alike.
        @Test func ctrlLDrawsTheScreenAgain() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-redraw")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            _ = try session.waitFor("q quit")
            try session.writeToTerminal("\u{1b}[5;10HSCRIBBLE ON THE LIST")
            _ = try session.waitFor("SCRIBBLE ON THE LIST")
            try session.send("C-l", literal: false)
            _ = try session.waitUntilGone("SCRIBBLE")
            _ = try session.waitFor("q quit")

            try session.send("n")
            try session.send("joe@example.com")
            _ = try session.waitFor("joe@example.com")
            try session.writeToTerminal("\u{1b}[8;4HSCRIBBLE IN THE FORM")
            _ = try session.waitFor("SCRIBBLE IN THE FORM")
            try session.send("C-l", literal: false)
            _ = try session.waitUntilGone("SCRIBBLE")
            // The capture may fall between the clear and the rows written after it.
            let redrawn = try session.waitFor("joe@example.com")
            #expect(!redrawn.contains("SCRIBBLE"), "what was typed stays, the scribble goes:\n\(redrawn)")
            try session.send("C-c", literal: false)
            #expect(try session.waitFor("[end]").contains("[exited 0]"))
        }

        /// Ctrl-Z stops the switcher as a shell's job stops, with the terminal given back; `fg`
        /// brings it back, drawn whole.
        @Test func ctrlZSuspendsToTheShellAndFgBringsItBack() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-suspend")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            // A shell with job control: the switcher is its foreground job.
            // The shell waits for a line before `fg`, so the stopped job is seen before it goes on.
            let script = "set -m; \(SwitcherTests.roster); echo SUSPENDED-TO-THE-SHELL; stty -a | grep -o -- '-icanon'; read -r; fg; echo BACK-AND-DONE"
            let session = try TmuxSession(command: ["bash", "--norc", "--noprofile", "-c", script], environment: runner.environment)
            _ = try session.waitFor("q quit")
            try session.send("C-z", literal: false)
            let shell = try session.waitFor("SUSPENDED-TO-THE-SHELL")
            #expect(!shell.contains("-icanon"), "the terminal is back in the shell's mode while stopped:\n\(shell)")
            try session.send("Enter", literal: false)
            // `fg` continues it: the whole screen is drawn again, and keys work.
            _ = try session.waitFor("q quit")
            try session.send("q")
            let end = try session.waitFor("[end]")
            #expect(end.contains("BACK-AND-DONE") && end.contains("[exited 0]"), "\(end)")
        }

        /// `f` finds as you type: the selection jumps to the person typed, and Enter there switches.
        @Test func findAsYouTypeJumpsToAPerson() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-find")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            for (email, password) in [("emma@example.com", "pa55word"), ("joe@example.com", "passw0rd")] {
                #expect(try runner.roster(["login", "--email", email, "--password-stdin"], stdin: "\(password)\n").status == 0)
            }
            let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            _ = try session.waitFor("q quit")
            try session.send("f")
            try session.send("emm")
            let found = try session.waitFor("find: emm_ · 1 of 1")
            #expect(found.split(separator: "\n").contains { $0.hasPrefix("> ") && $0.contains("emma@example.com") }, "\(found)")
            try session.send("Enter", literal: false)
            _ = try session.waitFor("Enter switch")
            try session.send("Enter", literal: false)
            _ = try session.waitFor("* emma@example.com")
            try session.send("q")
            #expect(try session.waitFor("[end]").contains("[exited 0]"))
        }

        /// `y` puts the selected person's id on the clipboard with OSC 52, which tmux (with
        /// `set-clipboard on`) takes into its buffer as a terminal takes it into its clipboard.
        @Test func yCopiesTheSelectedIdThroughOSC52() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-copy")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            let id = try #require(try runner.users().first?.id)
            let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            try session.acceptClipboard()
            _ = try session.waitFor("q quit")
            #expect(try session.clipboard() == nil, "nothing copied yet")
            try session.send("y")
            _ = try session.waitFor("Copied the id of joe@example.com")
            var copied: String?
            for _ in 0..<50 where copied == nil {
                copied = try session.clipboard()
                if copied == nil { usleep(100_000) }
            }
            #expect(copied == id, "tmux's buffer: \(copied ?? "none")")
            try session.send("q")
            #expect(try session.waitFor("[end]").contains("[exited 0]"))
        }

        /// The history screen scrolls with the list's keys, says where it is, and shows what
        /// another process does on the device while it is open.
        @Test func theHistoryScrollsAndStaysCurrent() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-history")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            for (email, password) in [("joe@example.com", "passw0rd"), ("emma@example.com", "pa55word")] {
                #expect(try runner.roster(["login", "--email", email, "--password-stdin"], stdin: "\(password)\n").status == 0)
            }
            for turn in 0..<30 { #expect(try runner.roster(["switch", turn % 2 == 0 ? "joe" : "emma"]).status == 0) }
            let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment, width: 100, height: 24)
            _ = try session.waitFor("q quit")
            try session.send("h")
            let first = try session.waitFor("of 32 · ↓ more")
            #expect(!first.contains("log-in"), "the oldest lines are below the screen:\n\(first)")
            try session.send("G")
            let last = try session.waitFor("of 32 · ↑ newer")
            #expect(last.contains("log-in") && !last.contains("↓ more"), "\(last)")
            try session.send("g")
            _ = try session.waitFor("1–")
            // Another process switches: the open history shows it.
            #expect(try runner.roster(["switch", "joe"]).status == 0)
            _ = try session.waitFor("of 33 · ↓ more")
            try session.send("q")
            #expect(try session.waitFor("[end]").contains("[exited 0]"))
        }

        @Test func terminationAndCrashSignalsGiveTheTerminalBack() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-signals")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)

            // SIGTERM (a closing window, `kill`): the switcher quits as if `q` were pressed.
            let terminated = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            try terminated.waitFor("No users yet.")
            kill(try terminated.commandProcess(), SIGTERM)
            let afterTerm = try terminated.waitFor("[end]")
            #expect(afterTerm.contains("[exited 0]"), "after SIGTERM: \(afterTerm)")
            try SwitcherTests.expectSaneSettings(afterTerm)

            // A crash (SIGSEGV, as a bad memory access in an effect would raise): the terminal is
            // restored first, then the process dies of the signal. The runtime's backtracer is off
            // so the crash goes straight on to the default action.
            var crashEnvironment = runner.environment
            crashEnvironment["SWIFT_BACKTRACE"] = "enable=no"
            let crashed = try TmuxSession(command: [SwitcherTests.roster], environment: crashEnvironment)
            try crashed.waitFor("No users yet.")
            kill(try crashed.commandProcess(), SIGSEGV)
            let afterCrash = try crashed.waitFor("[end]")
            #expect(afterCrash.contains("[exited 139]"), "not a crash by SIGSEGV: \(afterCrash)")
            #expect(!afterCrash.contains("No users yet."), "the switcher's screen stayed up:\n\(afterCrash)")
            try SwitcherTests.expectSaneSettings(afterCrash)
            // Bracketed paste is off again after either: a paste reaches the shell plain.
            for session in [terminated, crashed] {
                try session.paste("pasted-after")
                let screen = try session.waitFor("pasted-after", timeout: 10)
                #expect(!screen.contains("[200~"), "bracketed paste is still on:\n\(screen)")
            }
        }

        @Test func aVanishedServerIsReportedInWords() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-vanished")
            defer { try? FileManager.default.removeItem(at: home) }
            let database = home.appendingPathComponent("server.sqlite").path
            let server = try ServerProcess(database: database, home: home)
            let runner = CommandRunner(
                home: home.appendingPathComponent("client"),
                extra: ["ROSTER_SERVER_URL": server.baseURL, "ROSTER_APP_ID": "roster-demo"])
            #expect(try runner.roster(["login", "--anonymous"]).status == 0)
            let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            try session.waitFor("* anonymous user")
            server.stop()

            try session.send("r")
            let screen = try session.waitFor("error: cannot reach the server")
            #expect(screen.contains("* anonymous user"), "the user changed state:\n\(screen)")
            // Still running and answering keys.
            try session.send("?")
            try session.waitFor("Keys on the user list")
            try session.send("q")
            #expect(try session.waitFor("[end]").contains("[exited 0]"))
        }

        /// Display columns of a row before `marker`: wide characters count two.
        static func columns(before marker: String, in row: String) -> Int? {
            guard let range = row.range(of: marker) else { return nil }
            return row[..<range.lowerBound].reduce(0) { total, character in
                let scalar = character.unicodeScalars.first!.value
                let wide = (0x1100...0x115F).contains(scalar) || (0x2E80...0xA4CF).contains(scalar)
                    || (0xAC00...0xD7A3).contains(scalar) || (0xF900...0xFAFF).contains(scalar)
                    || (0xFF00...0xFF60).contains(scalar) || (0x1F300...0x1FAFF).contains(scalar)
                return total + (wide ? 2 : 1)
            }
        }
    }
}
