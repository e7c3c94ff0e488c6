import Foundation
import Testing

/// The README's starship module (`# starship (~/.config/starship.toml)`), read and run as
/// starship runs a custom module (`StarshipModule`): starship is not installed here, so this
/// checks the module against what starship reads and does, not starship itself. Its command runs
/// in each shell `starship init` sets up, with the shell's environment and directory, on a device
/// with users; the prompt shows the user the shell's rules choose, and nothing without one.
extension EndToEndTests {
    @Suite("the README's starship module, run as starship runs a custom module (starship itself is not installed here)")
    struct StarshipPromptTests {
        typealias Shell = ShellCompletionTests.Shell

        /// The README's `starship.toml` block, from its comment to the end of the block.
        static func readmeBlock() throws -> String {
            let lines = try String(contentsOf: ShellPromptTests.readme, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let start = try #require(lines.firstIndex { $0.hasPrefix("# starship (~/.config/starship.toml)") }, "the README's starship module")
            #expect(start > 0 && lines[start - 1] == "```toml", "the starship module is not in a ```toml block")
            let body = lines[start...].prefix { !$0.hasPrefix("```") }
            return body.joined(separator: "\n") + "\n"
        }

        /// The block is one custom module starship shows without files around it, and its format
        /// draws the command's output.
        @Test func theBlockIsACustomModuleStarshipShows() throws {
            let module = try StarshipModule(toml: Self.readmeBlock())
            #expect(module.name == "roster")
            #expect(module.command.contains("roster whoami --short"), "\(module.command)")
            let drawn = try FormatString.render(module.format, variables: ["output": "emma@example.com", "symbol": module.symbol, "style": module.style])
            #expect(drawn.text.contains("emma@example.com"), "\(drawn.text)")
            let empty = try FormatString.render(module.format, variables: ["output": "", "symbol": module.symbol, "style": module.style])
            #expect(empty.text.trimmingCharacters(in: .whitespaces).isEmpty, "the module draws '\(empty.text)' with no user")
        }

        @Test(arguments: Shell.allCases)
        func thePromptShowsTheUserTheShellsRulesChooseAndNothingWithoutOne(_ shell: Shell) throws {
            let module = try StarshipModule(toml: Self.readmeBlock())
            let home = try CommandRunner.temporaryDirectory("starship-\(shell.rawValue)")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            for (email, password) in [("joe@example.com", "passw0rd"), ("emma@example.com", "pa55word")] {
                let login = try runner.roster(["login", "--email", email, "--password-stdin"], stdin: "\(password)\n")
                #expect(login.status == 0, "\(login.stderr)")
            }
            // The shell's environment as `starship init` leaves it, with roster on PATH.
            var environment = runner.environment
            environment["PATH"] = CommandRunner.binaries.path + ":/usr/bin:/bin"
            environment["STARSHIP_SHELL"] = shell.rawValue
            environment["STARSHIP_SESSION_KEY"] = "1234567890123456"

            let active = try module.prompt(environment: environment, directory: home)
            #expect(active.text == "as emma@example.com ", "\(active.notes)")
            // A directory with a `.roster-user`: starship runs the command there.
            let project = home.appendingPathComponent("project")
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            try Data("joe@example.com\n".utf8).write(to: project.appendingPathComponent(".roster-user"))
            let here = try module.prompt(environment: environment, directory: project)
            #expect(here.text == "as joe@example.com ", "\(here.notes)")
            // ROSTER_USER set in the shell (as `roster shell` does): starship passes it on.
            var pinned = environment
            pinned["ROSTER_USER"] = "joe"
            let shown = try module.prompt(environment: pinned, directory: home)
            #expect(shown.text == "as joe@example.com ", "\(shown.notes)")
            #expect(shown.segments.allSatisfy { $0.style == module.style }, "\(shown.segments)")

            // Nobody active: the command prints nothing and fails, and the module is not drawn.
            let fresh = try CommandRunner.temporaryDirectory("starship-none-\(shell.rawValue)")
            defer { try? FileManager.default.removeItem(at: fresh) }
            environment["ROSTER_HOME"] = fresh.path
            #expect(try module.prompt(environment: environment, directory: fresh).text == "")
        }
    }
}
