import Foundation
import Testing

/// `roster switch` with no user on a terminal: the picker under tmux, on the embedded default.
/// Type to filter, Enter switches (as `roster whoami` then says), Esc, Ctrl-C and a signal leave
/// with nothing changed and the terminal as it was.
extension EndToEndTests {
    @Suite("roster switch: the picker under tmux")
    struct SwitchPickerTests {
        /// Joe, Emma and then Alice logged in on a fresh device (Alice active).
        struct Device {
            let home: URL
            let runner: CommandRunner

            init(_ name: String) throws {
                home = try CommandRunner.temporaryDirectory(name)
                runner = CommandRunner(home: home)
                #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
                #expect(try runner.roster(["login", "--email", "emma@example.com", "--password-stdin"], stdin: "pa55word\n").status == 0)
                let database = home.appendingPathComponent("embedded/server.sqlite").path
                let created = try runner.rosterServer(
                    ["admin", "--db", database, "--demo", "create-user", "--email", "alice@example.com", "--password-stdin"], stdin: "wonder1and\n")
                #expect(created.status == 0, "\(created.stderr)")
                #expect(try runner.roster(["login", "--email", "alice@example.com", "--password-stdin"], stdin: "wonder1and\n").status == 0)
            }

            func whoami() throws -> String {
                try runner.roster(["whoami", "--short"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            }

            func picker() throws -> TmuxSession {
                let session = try TmuxSession(command: [SwitcherTests.roster, "switch"], environment: runner.environment)
                try session.waitFor("Switch to:")
                return session
            }
        }

        @Test func typingFiltersAndEnterSwitches() throws {
            let device = try Device("picker-enter")
            defer { try? FileManager.default.removeItem(at: device.home) }
            #expect(try device.whoami() == "alice@example.com")
            let session = try device.picker()
            var screen = try session.waitFor("3 users")
            #expect(screen.contains("* alice@example.com") && screen.contains("+ joe@example.com") && screen.contains("+ emma@example.com"))
            #expect(screen.contains("PROVIDERS") && screen.contains("email") && screen.contains("logged in") && screen.contains("active"))

            try session.send("EM")
            screen = try session.waitFor("1 of 3 users")
            #expect(screen.contains("Switch to: EM"))
            #expect(screen.contains("> + emma@example.com"), "\(screen)")
            #expect(!screen.contains("joe@example.com") && !screen.contains("alice@example.com"), "\(screen)")

            try session.send("Enter", literal: false)
            screen = try session.waitFor("[end]")
            #expect(screen.contains("Switched to emma@example.com.") && screen.contains("[exited 0]"), "\(screen)")
            #expect(!screen.contains("Switch to:"), "the picker stayed on the screen:\n\(screen)")
            try SwitcherTests.expectSaneSettings(screen)
            #expect(try device.whoami() == "emma@example.com")
        }

        @Test func arrowsMoveTheSelection() throws {
            let device = try Device("picker-arrows")
            defer { try? FileManager.default.removeItem(at: device.home) }
            let session = try device.picker()
            // Most recently active first: Alice (active), Emma, Joe; the selection starts past Alice.
            try session.waitFor("> + emma@example.com")
            try session.send("Down", literal: false)
            try session.waitFor("> + joe@example.com")
            try session.send("Enter", literal: false)
            #expect(try session.waitFor("[end]").contains("Switched to joe@example.com."))
            #expect(try device.whoami() == "joe@example.com")
        }

        @Test(arguments: ["Escape", "C-c", "signal"])
        func leavingChangesNothing(_ how: String) throws {
            let device = try Device("picker-leave")
            defer { try? FileManager.default.removeItem(at: device.home) }
            let session = try device.picker()
            try session.send("jo")
            try session.waitFor("> + joe@example.com")
            if how == "signal" {
                #expect(kill(try session.commandProcess(), SIGINT) == 0)
            } else {
                try session.send(how, literal: false)
            }
            let screen = try session.waitFor("[end]")
            #expect(screen.contains("[exited 1]"), "\(screen)")
            #expect(screen.contains("the active user is unchanged"), "\(screen)")
            #expect(!screen.contains("Switch to:"), "the picker stayed on the screen:\n\(screen)")
            try SwitcherTests.expectSaneSettings(screen)
            #expect(try device.whoami() == "alice@example.com")
        }

        /// Without a terminal a missing USER stays a usage error: nothing waits for keys.
        @Test func withoutATerminalAMissingUserIsAUsageError() throws {
            let device = try Device("picker-no-tty")
            defer { try? FileManager.default.removeItem(at: device.home) }
            let result = try device.runner.roster(["switch"])
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("roster: missing expected argument '<user>'"), "\(result.stderr)")
            #expect(try device.whoami() == "alice@example.com")
        }

        /// `roster users --format` for fzf and scripts: placeholders filled, `\t` a tab; an unknown
        /// placeholder is a usage error that names the known ones.
        @Test func usersFormat() throws {
            let device = try Device("users-format")
            defer { try? FileManager.default.removeItem(at: device.home) }
            let users = try device.runner.users()
            let listed = try device.runner.roster(["users", "--sort", "name", "--format", #"{name}\t{id}\t{provider}\t{state} {marker}{{x}}"#])
            #expect(listed.status == 0, "\(listed.stderr)")
            let expected = users.sorted { ($0.email ?? "") < ($1.email ?? "") }.map { user in
                "\(user.email ?? "")\t\(user.id)\temail\t" + (user.current ? "active *" : "logged in +") + "{x}"
            }
            #expect(listed.stdout.split(separator: "\n").map(String.init) == expected, "\(listed.stdout)")

            let unknown = try device.runner.roster(["users", "--format", "{name} {colour}"])
            #expect(unknown.status == 2)
            #expect(unknown.stderr.hasPrefix("roster: --format has no placeholder {colour}; it knows {name} {id}"), "\(unknown.stderr)")
            #expect(unknown.stdout.isEmpty)
            #expect(try device.runner.roster(["users", "--format", "{name", "--sort", "name"]).status == 2)
            #expect(try device.runner.roster(["users", "--format", "{name}", "--json"]).status == 2)
        }
    }
}
