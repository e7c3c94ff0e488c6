import Foundation
import Testing

/// The password prompt in a real terminal: asked for on the terminal, never echoed.
extension EndToEndTests {
    @Suite("password prompt under tmux")
    struct PasswordPromptTests {
        @Test func thePasswordIsNotEchoed() throws {
            let home = try CommandRunner.temporaryDirectory("prompt")
            defer { try? FileManager.default.removeItem(at: home) }
            let binary = CommandRunner.binaries.appendingPathComponent("roster").path
            let session = try TmuxSession(
                command: [binary, "login", "--email", "joe@example.com"],
                environment: ["ROSTER_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin"])
            try session.waitFor("Password for joe@example.com:")
            try session.send("passw0rd")
            try session.send("Enter", literal: false)
            let screen = try session.waitFor("[exited")
            #expect(screen.contains("Logged in joe@example.com"), "screen: \(screen)")
            #expect(screen.contains("[exited 0]"))
            #expect(!screen.contains("passw0rd"), "the password showed on the terminal")

            let wrong = try TmuxSession(
                command: [binary, "login", "--email", "joe@example.com"],
                environment: ["ROSTER_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin"])
            try wrong.waitFor("Password for joe@example.com:")
            try wrong.send("not-the-password")
            try wrong.send("Enter", literal: false)
            let failed = try wrong.waitFor("[exited")
            #expect(failed.contains("[exited 1]"))
            #expect(!failed.contains("not-the-password"))
        }

        /// `roster token` on a terminal asks before it shows a bearer token there; piped, it
        /// prints it for the script.
        @Test func aTokenIsShownOnATerminalOnlyWhenAskedFor() throws {
            let home = try CommandRunner.temporaryDirectory("token-prompt")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            #expect(try runner.roster(["login", "--anonymous"]).status == 0)
            let piped = try runner.roster(["token"])
            #expect(piped.status == 0 && piped.stdout.split(separator: ".").count == 3, "\(piped.stderr)")
            let binary = CommandRunner.binaries.appendingPathComponent("roster").path
            for (answer, shown) in [("n", false), ("y", true)] {
                let session = try TmuxSession(command: [binary, "token"], environment: runner.environment)
                try session.waitFor("access token on this terminal, where others can read it? [y/N]")
                try session.send(answer)
                try session.send("Enter", literal: false)
                let screen = try session.waitFor("[exited")
                #expect(screen.contains(shown ? "[exited 0]" : "[exited 1]"), "\(screen)")
                #expect(screen.contains("eyJ") == shown, "\(screen)")
            }
        }
    }
}
