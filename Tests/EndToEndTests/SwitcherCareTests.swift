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
