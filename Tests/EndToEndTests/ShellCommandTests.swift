import Foundation
import Testing

/// `roster shell USER` in a real terminal: bash, zsh and fish each start with their prompt marked
/// with the user, `ROSTER_SHELL` set, and every roster command in them acting as that user while
/// another is active; `exit` comes back with the shell's status.
extension EndToEndTests {
    @Suite("roster shell: a sub-shell pinned to a user")
    struct ShellCommandTests {
        @Test(.timeLimit(.minutes(3)), arguments: ["/usr/bin/bash", "/usr/bin/zsh", "/usr/bin/fish"])
        func theShellIsMarkedAndActsAsTheUser(shell: String) throws {
            let home = try CommandRunner.temporaryDirectory("shell-\((shell as NSString).lastPathComponent)")
            defer { try? FileManager.default.removeItem(at: home) }
            var runner = CommandRunner(home: home)
            runner.environment["PATH"] = CommandRunner.binaries.path + ":/usr/bin:/bin"
            runner.environment["SHELL"] = shell
            #expect(try runner.roster(["login", "--email", "emma@example.com", "--password-stdin"], stdin: "pa55word\n").status == 0)
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)

            let session = try TmuxSession(command: [CommandRunner.binaries.appendingPathComponent("roster").path, "shell", "emma"], environment: runner.environment)
            try session.waitFor("(roster emma@example.com)")
            try session.send("echo \"marker=$ROSTER_SHELL\"")
            try session.send("Enter", literal: false)
            try session.waitFor("marker=1")
            try session.send("roster whoami | head -n 2")
            try session.send("Enter", literal: false)
            let screen = try session.waitFor("ROSTER_USER names them")
            #expect(screen.contains("emma@example.com (logged in)"), "\(screen)")
            try session.send("exit 3")
            try session.send("Enter", literal: false)
            try session.waitFor("[exited 3]")
            // Back outside, the active user is Joe still.
            #expect(try runner.roster(["whoami", "--short"]).stdout == "joe@example.com\n")
        }
    }
}
