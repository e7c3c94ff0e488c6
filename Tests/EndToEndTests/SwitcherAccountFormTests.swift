import Foundation
import Testing

/// The account form (`p`) on the embedded default, in a real terminal: the reset message the
/// embedded server leaves in this device's outbox fills in its token, so a person never leaves
/// the switcher to read a file.
extension EndToEndTests {
    @Suite("switcher account form under tmux")
    struct SwitcherAccountFormTests {
        @Test func aResetOnTheEmbeddedDefaultFillsInTheTokenFromTheOutbox() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-reset")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            _ = try session.waitFor("q quit")
            try session.send("p")
            _ = try session.waitFor("< send a password reset message >")
            try session.send("Tab", literal: false)
            try session.send("emma@example.com")
            try session.send("Enter", literal: false)
            let filled = try session.waitFor("its token is filled in")
            #expect(filled.contains("< set a new password (token from the message) >"), "\(filled)")
            // The token and its id are masked; the password is next.
            #expect(try #require(filled.split(separator: "\n").first { $0.contains("> Password") }).count > 0, "\(filled)")
            try session.send("brand-new-pass-7")
            try session.send("Tab", literal: false)
            try session.send("brand-new-pass-7")
            try session.send("Enter", literal: false)
            _ = try session.waitFor("Password changed; log in with the new one")
            try session.send("q")
            #expect(try session.waitFor("[end]").contains("[exited 0]"))

            let login = try runner.roster(["login", "--email", "emma@example.com", "--password-stdin"], stdin: "brand-new-pass-7\n")
            #expect(login.status == 0, "\(login.stderr)")
        }
    }
}
