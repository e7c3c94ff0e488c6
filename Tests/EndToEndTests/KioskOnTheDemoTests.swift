import Foundation
import Testing

/// A kiosk on the embedded demo server, driven as a person at its keyboard would: asking for
/// Joe's password reset never fills in the token from the outbox the kiosk's own process can
/// read, and the kiosk says what it cannot protect.
extension EndToEndTests {
    @Suite("kiosk on the embedded demo under tmux")
    struct KioskOnTheDemoTests {
        @Test func aResetAskedForAtAKioskFillsInNoToken() throws {
            let home = try CommandRunner.temporaryDirectory("kiosk-demo")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let adminPIN = "52817390"
            #expect(try runner.roster(["policy", "--admin-pin", "--pin-stdin"], stdin: "\(adminPIN)\n").status == 0)
            let session = try TmuxSession(command: [SwitcherTests.roster, "ui", "--kiosk"], environment: runner.environment)
            // The kiosk's first words say what it cannot protect.
            try session.waitFor("This kiosk runs Roster's embedded demo server")

            try session.send("p")
            try session.waitFor("Password reset and email confirmation")
            try session.send("Tab", literal: false)
            try session.send("joe@example.com")
            try session.send("Enter", literal: false)
            // The answer and the outbox's message arrive in one update: once the form has gone
            // on to the new password, any fill-in has happened.
            let screen = try session.waitFor("< set a new password (token from the message) >")
            let messages = try FileManager.default.contentsOfDirectory(atPath: Self.outbox(under: home).path)
            #expect(messages.contains { $0.contains("-reset-") }, "the token was there to read: \(messages)")
            #expect(!screen.contains("filled in"), "\(screen)")
            // The token id and token fields stay empty: no star, no `abc…(40 chars)`.
            let tokenLines = screen.split(separator: "\n").filter { $0.contains("Token") }
            #expect(tokenLines.count == 2, "\(screen)")
            for line in tokenLines {
                #expect(!line.contains("*") && !line.contains("chars)"), "stays empty: \(line)")
            }
            let flat = screen.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(flat.contains("This kiosk runs Roster's embedded demo server, which protects no account"), "\(screen)")
        }

        /// The embedded default's outbox folder of the demo app under `home`, wherever the data
        /// directory is.
        static func outbox(under home: URL) throws -> URL {
            let found = FileManager.default.enumerator(at: home, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.first { $0.path.hasSuffix("/embedded/outbox/roster-demo") }
            return try #require(found, "no outbox under \(home.path)")
        }
    }
}
