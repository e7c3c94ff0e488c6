import Foundation
import Testing

/// The detail pane and the dialogs in a real terminal: the pane scrolls with the keys a
/// terminal sends, and a dialog answers Left/Right, `h`/`l` and `y`/`n` with the focused button
/// in reverse video.
extension EndToEndTests {
    @Suite("switcher pane and dialogs under tmux")
    struct SwitcherPaneAndDialogTests {
        static func joeLoggedIn() throws -> (URL, CommandRunner) {
            let home = try CommandRunner.temporaryDirectory("switcher-pane")
            let runner = CommandRunner(home: home)
            let login = try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n")
            #expect(login.status == 0, "login: \(login.stderr)")
            return (home, runner)
        }

        /// The text drawn in reverse video (SGR 7) on a screen captured with its attributes.
        static func reversed(in screen: String) -> String {
            var result = ""
            var reverse = false
            var rest = Substring(screen)
            while let escape = rest.firstIndex(of: "\u{1B}") {
                if reverse { result += rest[..<escape] }
                rest = rest[rest.index(after: escape)...]
                guard rest.first == "[", let end = rest.firstIndex(where: { $0.isLetter }) else { continue }
                if rest[end] == "m" {
                    let codes = rest[rest.index(after: rest.startIndex)..<end].split(separator: ";")
                    if codes.isEmpty || codes.contains("0") { reverse = false }
                    if codes.contains("7") { reverse = true }
                    if codes.contains("27") { reverse = false }
                }
                rest = rest[rest.index(after: end)...]
            }
            if reverse { result += rest }
            return result
        }

        /// The pane's position, as `▼ more · first–last of total`, without the keys it hints.
        static func position(in screen: String) -> String? {
            guard let line = screen.split(separator: "\n").first(where: { $0.contains(" of ") && ($0.contains("▼ more") || $0.contains("▲ top above")) }),
                let start = line.range(of: "▼ more") ?? line.range(of: "▲ top above")
            else { return nil }
            return line[start.lowerBound...].components(separatedBy: " · ").prefix(2).joined(separator: " · ")
        }

        @Test func theDetailPaneScrollsWithPageKeysAndShowsWhereItIs() throws {
            let (home, runner) = try Self.joeLoggedIn()
            defer { try? FileManager.default.removeItem(at: home) }
            // 100x14: Joe's details do not fit beside the list.
            let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment, width: 100, height: 14)
            let first = try session.waitFor("▼ more")
            let top = try #require(Self.position(in: first), "no position line:\n\(first)")
            #expect(top.contains("▼ more · 1–"), "\(top)")
            try session.send("Tab", literal: false)
            try session.send("NPage", literal: false)
            let paged = try session.waitUntilGone("\(top) ·")
            #expect(Self.position(in: paged)?.contains("▼ more") == true, "PageDown did not move the pane a page:\n\(paged)")
            #expect(paged.contains("> * joe@example.com"), "the list keeps Joe selected:\n\(paged)")
            try session.send("G")
            try session.waitFor("▲ top above")
            try session.send("g")
            // The whole position line, not its first words: a capture may catch the line half redrawn.
            let back = try session.waitFor(top)
            #expect(Self.position(in: back) == top)
            try session.send("Escape", literal: false)
            try session.waitFor("J/K or Tab scrolls")
            try session.send("q")
            try session.waitFor("[end]")
            // 14 rows: the exit line has scrolled up by the time the pane ends.
            #expect(try session.captureWithScrollback().contains("[exited 0]"))
        }

        @Test func theRemoveDialogMovesWithArrowsAndLettersAndAnswersYAndN() throws {
            let (home, runner) = try Self.joeLoggedIn()
            defer { try? FileManager.default.removeItem(at: home) }
            let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            try session.waitFor("joe@example.com")
            try session.send("x")
            let asked = try session.waitFor("Remove joe@example.com from this device?")
            #expect(asked.contains("Its session is ended and its tokens deleted here"))
            // `n` answers no: the dialog goes, Joe stays.
            try session.send("n")
            let kept = try session.waitUntilGone("Remove joe@example.com")
            #expect(kept.contains("joe@example.com"))
            // The focused button is drawn in reverse video, and moves with Right and `h`.
            try session.send("x")
            try session.waitFor("Remove joe@example.com from this device?")
            let cancelFocused = try session.captureWithAttributes()
            #expect(Self.reversed(in: cancelFocused).contains("Cancel"), "Cancel is not in reverse video:\n\(cancelFocused)")
            try session.send("Right", literal: false)
            try session.waitUntilAttributes("Right did not move the focus") { Self.reversed(in: $0).contains("Remove") }
            try session.send("h")
            try session.waitUntilAttributes("h did not move it back") { Self.reversed(in: $0).contains("Cancel") }
            // `y` removes.
            try session.send("y")
            try session.waitFor("No users yet.")
            try session.send("q")
            #expect(try session.waitFor("[end]").contains("[exited 0]"))
            #expect(try runner.users().isEmpty)
        }
    }
}
