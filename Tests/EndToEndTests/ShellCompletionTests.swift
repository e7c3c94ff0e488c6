import Foundation
import Testing

/// `roster completion bash|zsh|fish` as a person sets it up, in each shell under tmux: Tab
/// completes the device's user names (read from the device, no server started), the policy
/// words and the shells, as the README's set-up lines install it.
extension EndToEndTests {
    @Suite("roster completion: bash, zsh and fish under tmux")
    struct ShellCompletionTests {
        enum Shell: String, CaseIterable, CustomTestStringConvertible {
            case bash, zsh, fish

            var testDescription: String { rawValue }

            /// The shell, interactive, with no start-up files of the person's.
            var command: [String] {
                switch self {
                case .bash: ["/bin/bash", "--noprofile", "--norc", "-i"]
                case .zsh: ["/usr/bin/zsh", "-f", "-i"]
                case .fish: ["/usr/bin/fish", "--no-config", "-i"]
                }
            }

            /// The README's set-up, with the script saved in `folder`; then a plain prompt.
            func setUp(script folder: URL) -> String {
                switch self {
                case .bash:
                    "PS1='READY$ '; source /usr/share/bash-completion/bash_completion; source \(folder.path)/roster.bash"
                case .zsh:
                    "PROMPT='READY%% '; fpath=(\(folder.path) $fpath); autoload -Uz compinit && compinit -u"
                case .fish:
                    "function fish_prompt; echo -n 'READY> '; end; source \(folder.path)/roster.fish"
                }
            }
        }

        /// A device with Joe, Emma and Alice logged in, and each shell's script saved where
        /// the README says (the folder given to the shell here).
        struct Device {
            let home: URL
            let runner: CommandRunner
            let scripts: URL
            let work: URL

            init(_ name: String) throws {
                home = try CommandRunner.temporaryDirectory(name)
                runner = CommandRunner(home: home)
                scripts = home.appendingPathComponent("completions")
                work = home.appendingPathComponent("empty")
                try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
                try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
                for (email, password) in [("joe@example.com", "passw0rd"), ("emma@example.com", "pa55word")] {
                    #expect(try runner.roster(["login", "--email", email, "--password-stdin"], stdin: "\(password)\n").status == 0)
                }
                let database = home.appendingPathComponent("embedded/server.sqlite").path
                let created = try runner.rosterServer(
                    ["admin", "--db", database, "--demo", "create-user", "--email", "alice@example.com", "--password-stdin"], stdin: "wonder1and\n")
                #expect(created.status == 0, "\(created.stderr)")
                #expect(try runner.roster(["login", "--email", "alice@example.com", "--password-stdin"], stdin: "wonder1and\n").status == 0)
                for (shell, file) in [("bash", "roster.bash"), ("zsh", "_roster"), ("fish", "roster.fish")] {
                    let script = try runner.roster(["completion", shell])
                    #expect(script.status == 0, "\(script.stderr)")
                    try Data(script.stdout.utf8).write(to: scripts.appendingPathComponent(file))
                }
            }

            /// `shell` in a terminal, set up and waiting at its prompt in an empty folder, with
            /// `roster` on its PATH.
            func open(_ shell: Shell) throws -> TmuxSession {
                var environment = runner.environment
                environment["PATH"] = CommandRunner.binaries.path + ":/usr/bin:/bin"
                let command = ["/bin/sh", "-c", "cd '\(work.path)' && exec \"$@\"", "sh"] + shell.command
                let session = try TmuxSession(command: command, environment: environment, width: 120, height: 30)
                try session.send(shell.setUp(script: scripts) + "; clear")
                try session.send("Enter", literal: false)
                try session.waitUntil(timeout: 30, "the prompt") { $0.contains("READY") && !$0.contains("source") && !$0.contains("compinit") }
                return session
            }

            /// Types `line`, presses Tab (twice where a shell lists only on the second), and the
            /// screen once it passes `check`.
            @discardableResult
            func tab(_ session: TmuxSession, _ line: String, twice: Bool = false, _ what: String, until check: @escaping (String) -> Bool) throws
                -> String
            {
                try session.send(line)
                try session.send("Tab", literal: false)
                if twice { try session.send("Tab", literal: false) }
                return try session.waitUntil(timeout: 20, what, check)
            }

            /// Empties the command line and clears the screen for the next try.
            func reset(_ session: TmuxSession) throws {
                try session.send("C-e", literal: false)
                try session.send("C-u", literal: false)
                try session.send("clear")
                try session.send("Enter", literal: false)
                try session.waitUntil(timeout: 10, "a clear screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("READY") && !$0.contains("roster") }
            }
        }

        @Test(arguments: Shell.allCases)
        func tabCompletesUsersPolicyWordsAndShells(_ shell: Shell) throws {
            let device = try Device("completion-\(shell.rawValue)")
            defer { try? FileManager.default.removeItem(at: device.home) }
            let session = try device.open(shell)

            // A user's name, from the device: one match is completed in place.
            try device.tab(session, "roster switch al", "roster switch al<Tab> completes alice") {
                $0.contains("roster switch alice@example.com")
            }
            try session.send("Enter", literal: false)
            try session.waitFor("Switched to alice@example.com.")
            #expect(try device.runner.roster(["whoami", "--short"]).stdout == "alice@example.com\n")
            try device.reset(session)

            // --user too, on another subcommand.
            try device.tab(session, "roster token --user em", "--user em<Tab> completes emma") {
                $0.contains("roster token --user emma@example.com")
            }
            try device.reset(session)

            // The policy words, listed.
            try device.tab(session, "roster policy ", twice: shell == .bash, "roster policy <Tab> lists the words") { screen in
                ["open", "pin", "password"].allSatisfy { word in screen.split(whereSeparator: \.isWhitespace).contains { $0 == word } }
            }
            try device.reset(session)

            // A policy option's values, and the shells.
            try device.tab(session, "roster policy --on-idle log", "--on-idle log<Tab> completes logout-to-nobody") {
                $0.contains("--on-idle logout-to-nobody")
            }
            try device.reset(session)
            try device.tab(session, "roster completion fi", "roster completion fi<Tab> completes fish") {
                $0.contains("roster completion fish")
            }
            try device.reset(session)
            try device.tab(session, "roster users --sort na", "--sort na<Tab> completes name") {
                $0.contains("roster users --sort name")
            }
        }

        /// The callback reads the device alone: no embedded server starts (its store is not
        /// even opened), and a device's users answer at once.
        @Test func theCallbackReadsTheDeviceAlone() throws {
            let device = try Device("completion-offline")
            defer { try? FileManager.default.removeItem(at: device.home) }
            // The embedded server's store, moved away: a server start would make a new one.
            let database = device.home.appendingPathComponent("embedded/server.sqlite")
            let moved = device.home.appendingPathComponent("server-elsewhere.sqlite")
            try FileManager.default.moveItem(at: database, to: moved)
            // As the shells' scripts call it: the argument, the index of the word, the cursor in it, the words.
            let answer = try device.runner.roster(["---completion", "switch", "--", "positional@0", "2", "0", "roster", "switch", ""])
            #expect(answer.status == 0, "\(answer.stderr)")
            #expect(answer.stdout.split(separator: "\n").map(String.init).sorted() == ["alice@example.com", "emma@example.com", "joe@example.com"])
            #expect(!FileManager.default.fileExists(atPath: database.path), "the completion started the embedded server")
            let typed = try device.runner.roster(["---completion", "switch", "--", "positional@0", "2", "2", "roster", "switch", "jo"])
            #expect(typed.stdout == "joe@example.com\n", "\(typed.stderr)")
        }
    }
}
