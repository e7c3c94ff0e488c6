import Foundation
import RosterWire
import Testing

/// `roster account`: registration and password reset on the embedded default, with the tokens
/// taken from its outbox as a person would take them from their mail.
extension EndToEndTests {
    @Suite("roster account end to end")
    struct AccountCommandTests {
        @Test func registerThenResetThePasswordThroughTheOutbox() throws {
            let home = try CommandRunner.temporaryDirectory("account")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)

            let registered = try runner.roster(["account", "register", "--email", "ada@example.com", "--password-stdin"], stdin: "analytical-1\n")
            #expect(registered.status == 0, "register: \(registered.stderr)")
            #expect(registered.stdout.contains("Registered ada@example.com."))
            let taken = try runner.roster(["account", "register", "--email", "ada@example.com", "--password-stdin"], stdin: "analytical-1\n")
            #expect(taken.status == 1 && taken.stderr.contains("name already in use"))
            let short = try runner.roster(["account", "register", "--email", "bob@example.com", "--password-stdin"], stdin: "short\n")
            #expect(short.status == 1 && short.stderr.contains("password must be between 8 and 128 characters"), "\(short.stderr)")
            #expect(try runner.roster(["login", "--email", "ada@example.com", "--password-stdin"], stdin: "analytical-1\n").status == 0)

            // A reset message lands in the embedded server's outbox, owner-only.
            let outbox = home.appendingPathComponent("embedded/outbox/roster-demo")
            let sent = try runner.roster(["account", "send-reset", "--email", "ada@example.com"])
            #expect(sent.status == 0)
            #expect(sent.stdout.contains(outbox.path))
            let unknown = try runner.roster(["account", "send-reset", "--email", "nobody@example.com"])
            #expect(unknown.status == 0 && unknown.stdout == sent.stdout.replacingOccurrences(of: "ada@example.com", with: "nobody@example.com"))
            let files = try FileManager.default.contentsOfDirectory(at: outbox, includingPropertiesForKeys: nil)
            #expect(files.count == 1)
            let file = try #require(files.first)
            #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o600)
            let message = try JSONValue(parsing: Data(contentsOf: file))
            let token = try #require(message["token"]?.stringValue)
            let tokenId = try #require(message["tokenId"]?.stringValue)
            #expect(message["to"] == "ada@example.com" && message["kind"] == "reset")

            // The token and the new password come on stdin, never in the arguments.
            let forged = try runner.roster(["account", "reset-password", "--token-id", tokenId], stdin: "\(String(repeating: "0", count: 64))\nnew-secret-9\n")
            #expect(forged.status == 1 && forged.stderr.contains("invalid token data"))
            let reset = try runner.roster(["account", "reset-password", "--token-id", tokenId], stdin: "\(token)\nnew-secret-9\n")
            #expect(reset.status == 0, "reset: \(reset.stderr)")
            #expect(!reset.stdout.contains(token) && !reset.stderr.contains(token))
            #expect(try runner.roster(["login", "--email", "ada@example.com", "--password-stdin"], stdin: "analytical-1\n").status == 1)
            #expect(try runner.roster(["login", "--email", "ada@example.com", "--password-stdin"], stdin: "new-secret-9\n").status == 0)
            let again = try runner.roster(["account", "reset-password", "--token-id", tokenId], stdin: "\(token)\nthird-secret\n")
            #expect(again.status == 1)

            // The demo confirms at once, so there is nothing to confirm; the reset function is absent.
            let confirmSend = try runner.roster(["account", "resend-confirmation", "--email", "ada@example.com"])
            #expect(confirmSend.status == 1 && confirmSend.stderr.contains("already confirmed"))
            let call = try runner.roster(["account", "call-reset", "--email", "ada@example.com", "--password-stdin"], stdin: "fourth-secret\n")
            #expect(call.status == 1 && call.stderr.contains("no password reset function"))
            #expect(try runner.roster(["account", "call-reset", "--email", "ada@example.com", "--argument", "{oops"]).status == 2)
        }

        @Test func resetThePasswordThroughTheSwitchersAccountForm() throws {
            let home = try CommandRunner.temporaryDirectory("account-form")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            #expect(try runner.roster(["account", "register", "--email", "bea@example.com", "--password-stdin"], stdin: "first-secret-1\n").status == 0)
            let outbox = home.appendingPathComponent("embedded/outbox/roster-demo")

            let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            try session.waitFor("No users yet.")
            try session.send("p")
            try session.waitFor("Messages go to \(outbox.path.prefix(40))")
            try session.send("Tab", literal: false)
            try session.send("bea@example.com")
            try session.send("Enter", literal: false)
            // The embedded default's outbox is on this machine: the form goes on to the new
            // password with the message's token and its id filled in (masked), focus on the password.
            let filled = try session.waitFor("its token is filled in")
            #expect(filled.contains("< set a new password (token from the message) >"), "\(filled)")
            #expect(filled.contains("> Password"), "\(filled)")
            let files = try FileManager.default.contentsOfDirectory(at: outbox, includingPropertiesForKeys: nil)
            let message = try JSONValue(parsing: Data(contentsOf: try #require(files.first)))
            let token = try #require(message["token"]?.stringValue)
            #expect(!filled.contains(token), "the token shows masked")
            for keys in ["second-secret-2", "Tab", "second-secret-2", "Enter"] {
                try session.send(keys, literal: keys != "Tab" && keys != "Enter")
            }
            try session.waitFor("Password changed; log in with the new one")
            try session.send("q")
            let after = try session.waitFor("[end]")
            #expect(after.contains("[exited 0]"))
            #expect(!after.contains(token) && !after.contains("second-secret-2"))

            #expect(try runner.roster(["login", "--email", "bea@example.com", "--password-stdin"], stdin: "first-secret-1\n").status == 1)
            #expect(try runner.roster(["login", "--email", "bea@example.com", "--password-stdin"], stdin: "second-secret-2\n").status == 0)
        }
    }
}
