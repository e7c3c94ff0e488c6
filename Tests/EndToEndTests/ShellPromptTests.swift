import Foundation
import Testing

/// The README's prompt lines, pasted into each shell's start-up as a person would, under tmux:
/// the prompt shows the name `roster whoami --short` prints, and a switch made in another
/// window shows at the next prompt.
extension EndToEndTests {
    @Suite("the README's prompt lines: bash, zsh and fish under tmux")
    struct ShellPromptTests {
        typealias Shell = ShellCompletionTests.Shell

        static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")

        /// The README's lines for `shell`: from its comment (`# bash (~/.bashrc)`) to the next
        /// comment or the end of the block.
        static func promptLines(_ shell: Shell) throws -> String {
            let lines = try String(contentsOf: readme, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let start = try #require(lines.firstIndex { $0.hasPrefix("# \(shell.rawValue) (~/") }, "the README's \(shell) prompt")
            let body = lines[(start + 1)...].prefix { !$0.hasPrefix("#") && !$0.hasPrefix("```") }
            #expect(!body.isEmpty)
            return body.joined(separator: "\n")
        }

        /// A plain prompt for the README's lines to add to, as a person's own start-up has.
        static func ownPrompt(_ shell: Shell) -> String {
            switch shell {
            case .bash: "PS1='READY$ '"
            case .zsh: "PROMPT='READY%% '"
            case .fish: "function fish_prompt; echo -n 'READY> '; end"
            }
        }

        @Test(arguments: Shell.allCases)
        func thePromptShowsTheChosenUserAndASwitchMadeElsewhere(_ shell: Shell) throws {
            let home = try CommandRunner.temporaryDirectory("prompt-\(shell.rawValue)")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            for (email, password) in [("joe@example.com", "passw0rd"), ("emma@example.com", "pa55word")] {
                let login = try runner.roster(["login", "--email", email, "--password-stdin"], stdin: "\(password)\n")
                #expect(login.status == 0, "\(login.stderr)")
            }
            let startUp = home.appendingPathComponent("prompt.\(shell.rawValue)")
            try Data((Self.ownPrompt(shell) + "\n" + Self.promptLines(shell) + "\n").utf8).write(to: startUp)

            var environment = runner.environment
            environment["PATH"] = CommandRunner.binaries.path + ":/usr/bin:/bin"
            let session = try TmuxSession(command: shell.command, environment: environment, width: 120, height: 30)
            try session.send("source '\(startUp.path)'; clear")
            try session.send("Enter", literal: false)
            let short = try runner.roster(["whoami", "--short"]).stdout.trimmingCharacters(in: .newlines)
            #expect(short == "emma@example.com")
            try session.waitUntil(timeout: 20, "the prompt with (\(short))") { Self.lastPrompt($0)?.contains("(\(short))") == true }

            // Another window switches; this shell's next prompt follows.
            #expect(try runner.roster(["switch", "joe@example.com"]).status == 0)
            let switched = try runner.roster(["whoami", "--short"]).stdout.trimmingCharacters(in: .newlines)
            #expect(switched == "joe@example.com")
            try session.send("Enter", literal: false)
            try session.waitUntil(timeout: 20, "the prompt with (\(switched))") { Self.lastPrompt($0)?.contains("(\(switched))") == true }
        }

        /// The last line with the prompt on it.
        static func lastPrompt(_ screen: String) -> String? {
            screen.split(separator: "\n").last { $0.contains("READY") }.map(String.init)
        }
    }
}
