import Foundation
import Testing

/// The switcher's config file (`roster config path`): its order, its keys and its colours, in
/// a real terminal; and a file that is not right, refused in words before the screen is taken.
extension EndToEndTests {
    @Suite("switcher config file")
    struct SwitcherConfigTests {
        static let file = """
            sort: name
            keys:
              remove: X
              quit: Q
            theme:
              title: {foreground: black, background: cyan}
            """

        @Test func theConfigFileSetsOrderKeysAndColours() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-config")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            for email in ["amy@example.com", "zoe@example.com"] {
                #expect(try runner.roster(["account", "register", "--email", email, "--password-stdin"], stdin: "pa55word-1\n").status == 0)
                #expect(try runner.roster(["login", "--email", email, "--password-stdin"], stdin: "pa55word-1\n").status == 0)
            }
            let path = try runner.roster(["config", "path"]).stdout.trimmingCharacters(in: .newlines)
            #expect(path == home.appendingPathComponent("config.yml").path)
            try Self.file.write(toFile: path, atomically: true, encoding: .utf8)

            let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            let screen = try session.waitFor("X remove")
            #expect(screen.contains("Q quit"), "\(screen)")
            // sort: name puts Amy first though Zoe logged in last.
            // The list's side of each row, left of the divider.
            let rows = screen.split(separator: "\n").map { String($0.split(separator: "│", maxSplits: 1).first ?? "") }
            let amy = try #require(rows.firstIndex { $0.contains("amy@example.com") && $0.contains("email") })
            let zoe = try #require(rows.firstIndex { $0.contains("zoe@example.com") && $0.contains("email") })
            #expect(amy < zoe, "\(screen)")
            // The title in the theme's colours: black on cyan, not the default white on blue.
            let title = try #require(try session.captureWithAttributes().split(separator: "\n").first.map(String.init))
            #expect(title.contains("\u{1B}[30m") && title.contains("\u{1B}[46m") && !title.contains("\u{1B}[44m"), "\(title.debugDescription)")
            // Help lists the bound keys; q is nobody's now, Q quits.
            try session.send("?")
            let help = try session.waitFor("Keys on the user list")
            #expect(help.contains("  X ") && help.contains("remove from this device"), "\(help)")
            try session.send("Escape", literal: false)
            try session.send("q")
            try session.send("x")
            #expect(try session.waitFor("X remove").contains("Q quit"), "q and x do nothing")
            #expect(!(try session.capture().contains("Remove ")), "no question from x")
            try session.send("Q")
            #expect(try session.waitFor("[end]").contains("[exited 0]"))

            // --sort on the command line wins over the file; roster users reads it too.
            let users = try runner.roster(["users"]).stdout
            #expect(users.range(of: "amy@example.com")!.lowerBound < users.range(of: "zoe@example.com")!.lowerBound, "\(users)")
            let recent = try runner.roster(["users", "--sort", "recent"]).stdout
            #expect(recent.range(of: "zoe@example.com")!.lowerBound < recent.range(of: "amy@example.com")!.lowerBound, "\(recent)")
            // show prints every setting in force, in the file's form.
            let shown = try runner.roster(["config", "show"])
            #expect(shown.status == 0 && shown.stdout.contains("sort: name") && shown.stdout.contains("  remove: \"X\"")
                && shown.stdout.contains("  title: {foreground: black, background: cyan}"), "\(shown.stdout)")
        }

        /// Anchors nested seven deep under `theme:`, each level's keys aliases of the level
        /// before (under 1 KiB that stand for 15^7 nodes for the YAML library's duplicate-key
        /// check): `roster users` and `roster ui` refuse it at its first alias, in one line. A
        /// run still going after a minute is ended and fails the test.
        @Test func aliasesAsKeysAreRefusedInOneLineAtOnce() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-config-aliases")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            var lines = ["theme:", "  l0: &l0 {a: 1, b: 2, c: 3, d: 4}"]
            for level in 1...7 {
                let alias = "*l\(level - 1)"
                let keys = (1...5).map { count in count == 1 ? "\(alias) : 1" : "[\(Array(repeating: alias, count: count).joined(separator: ", "))]: \(count)" }
                lines.append("  l\(level): &l\(level) {\(keys.joined(separator: ", "))}")
            }
            let path = home.appendingPathComponent("config.yml").path
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            for arguments in [["users"], ["ui"]] {
                let stderr = home.appendingPathComponent("stderr-\(arguments[0])").path
                let child = try ChildProcess(
                    path: CommandRunner.binaries.appendingPathComponent("roster").path, arguments, environment: runner.environment,
                    stderr: .file(stderr))
                let deadline = Date().addingTimeInterval(60)
                while child.isRunning, Date() < deadline { usleep(20_000) }
                let ended = !child.isRunning
                if !ended { child.signal(SIGKILL) }
                let status = child.wait()
                #expect(ended, "roster \(arguments[0]) still composing the YAML after a minute")
                let words = (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? ""
                #expect(status == 1 && words == "roster: \(path): line 3: an alias (*name) is not taken in a config file; write the value out\n", "\(words)")
            }
        }

        /// A file that is not right stops `roster`, `roster ui` and `roster users` in one line
        /// naming the setting and its line, before anything is drawn; `show` of no file is the
        /// defaults, which read back as they are.
        @Test func aWrongConfigFileIsRefusedByNameAndLine() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-config-wrong")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let defaults = try runner.roster(["config", "show"])
            #expect(defaults.status == 0 && defaults.stdout.contains("sort: recent") && defaults.stdout.contains("  quit: \"q\""))
            let path = home.appendingPathComponent("config.yml").path
            try defaults.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(try runner.roster(["config", "show"]).stdout == defaults.stdout, "the defaults read back as they are")

            let wrong: [(String, String)] = [
                ("sort: up\n", "line 1: sort is recent or name"),
                ("keys:\n  remove: j\n", "keys.remove cannot be 'j': it moves down"),
                ("keys:\n  remove: X\n  logOut: X\n", "keys.logOut and keys.remove are both 'X'"),
                ("keys:\n  rmove: X\n", "keys.rmove is not a command"),
                ("theme:\n  title: {foreground: pink}\n", "theme.title.foreground is a colour"),
                ("colour: red\n", "line 1: 'colour' is not a setting"),
                ("keys: [1\n", "not YAML"),
            ]
            for (text, words) in wrong {
                try text.write(toFile: path, atomically: true, encoding: .utf8)
                for arguments in [["ui"], ["users"], ["config", "show"]] {
                    let result = try runner.roster(arguments)
                    #expect(result.status == 1, "\(arguments) with \(text)")
                    #expect(result.stderr.hasPrefix("roster: \(path): ") && result.stderr.contains(words), "\(arguments): \(result.stderr)")
                }
            }
        }
    }
}
