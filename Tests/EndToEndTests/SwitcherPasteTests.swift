import Foundation
import Testing

/// Pasting into the real switcher under tmux, bracketed as terminals paste: a paste is text for
/// the field being typed in, never keys, and a pasted secret shows masked.
extension EndToEndTests {
    @Suite("switcher paste under tmux")
    struct SwitcherPasteTests {
        @Test func aPasteIsTextNeverCommands() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-paste")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let joe = try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n")
            #expect(joe.status == 0, "roster login: \(joe.stderr)")
            let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            try session.waitFor("> * joe@example.com")

            // On the list, x asks to remove Joe and y says yes: pasted, they do nothing. A key
            // typed after the paste is read after it, so once help is up the paste is done.
            try session.paste("xy")
            try session.send("?")
            var screen = try session.waitFor("? help · Esc closes", timeout: 10)
            try session.send("Escape", literal: false)
            screen += try session.waitFor("> * joe@example.com", timeout: 10)
            #expect(!screen.contains("Remov"), "the paste acted as keys:\n\(screen)")
            #expect(try runner.users().map(\.email) == ["joe@example.com"])

            // Emma's email and password pasted into the Email field, each with its newline: the
            // field holds the text without them, nothing is sent, nobody logs in.
            try session.send("n")
            try session.waitFor("Log in a user")
            try session.paste("emma@example.com\npa55word\n")
            screen = try session.waitFor("[emma@example.compa55word ", timeout: 10)
            #expect(screen.contains("> Email"), "the focus moved:\n\(screen)")
            #expect(!screen.contains("Logging in") && !screen.contains("Logged in"), "the paste submitted the form:\n\(screen)")
            // Home and End as tmux sends them (`\e[1~`, `\e[4~`) move the cursor; F1 shows the
            // form's keys without typing into the field.
            try session.send("Home", literal: false)
            try session.send("<")
            try session.send("End", literal: false)
            try session.send(">")
            try session.waitFor("[<emma@example.compa55word> ", timeout: 10)
            try session.send("F1", literal: false)
            try session.waitFor("Keys on the log-in form", timeout: 10)
            try session.send("F1", literal: false)
            try session.waitUntilGone("Keys on the log-in form")
            try session.send("Escape", literal: false)
            try session.waitFor("Log-in cancelled")
            #expect(try runner.users().map(\.email) == ["joe@example.com"], "Emma logged in from a paste")

            // A reset token pasted with its newline: masked at once, not sent; Ctrl-R shows it
            // until the focus moves.
            let tokenId = "64f0c0ffee0000000000beef"
            let token = "Rk7vQ2xLp9TzW4mN8cHd3JsY6bFg1UaE5oVi0KqXt"
            try session.send("p")
            try session.waitFor("< send a password reset message >")
            try session.send(" ")
            try session.waitFor("< set a new password")
            try session.send("Tab", literal: false)
            try session.paste(tokenId + "\n")
            try session.waitFor("[64f…(24 chars)", timeout: 10)
            try session.send("Tab", literal: false)
            try session.paste(token + "\n")
            screen = try session.waitFor("[Rk7…(41 chars)", timeout: 10)
            #expect(!screen.contains("enter the new password") && !screen.contains("Sending"), "the paste sent the form:\n\(screen)")
            for secret in [tokenId, token] { #expect(!screen.contains(secret.prefix(4)), "a secret shows:\n\(screen)") }
            try session.send("C-r", literal: false)
            try session.waitFor(String(token.suffix(20)), timeout: 10)
            try session.send("Tab", literal: false)
            screen = try session.waitFor("> Password", timeout: 10)
            #expect(screen.contains("[Rk7…(41 chars)") && !screen.contains(token.prefix(4)), "the reveal outlived the focus:\n\(screen)")
            try session.send("Escape", literal: false)
            try session.waitFor("Nothing sent")

            // Quit: bracketed paste is off again, so a paste into the shell's terminal is plain.
            try session.send("q")
            try session.waitFor("[end]")
            try session.paste("after-exit")
            screen = try session.waitFor("after-exit", timeout: 10)
            #expect(screen.contains("[exited 0]"))
            #expect(!screen.contains("[200~"), "bracketed paste is still on after quitting:\n\(screen)")
            try SwitcherTests.expectSaneSettings(screen)
        }
    }
}
