import Foundation
import Testing

/// The mouse in the real switcher under tmux: the terminal is asked for mouse reports (and told
/// to stop on quitting), a click selects, the wheel moves, a double click switches; pastes still
/// arrive whole; `--no-mouse` leaves the mouse to the terminal.
extension EndToEndTests {
    @Suite("switcher mouse under tmux")
    struct SwitcherMouseTests {
        @Test func clickWheelAndDoubleClickOnTheList() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-mouse")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            for (email, password) in [("joe@example.com", "passw0rd"), ("emma@example.com", "pa55word")] {
                let login = try runner.roster(["login", "--email", email, "--password-stdin"], stdin: password + "\n")
                #expect(login.status == 0, "roster login: \(login.stderr)")
            }
            let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            var screen = try session.waitFor("> * emma@example.com")
            #expect(try session.reportsMouse())

            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            let joeRow = try #require(lines.firstIndex { $0.contains("+ joe@example.com") })
            let emmaRow = try #require(lines.firstIndex { $0.contains("* emma@example.com") })

            // A click on Joe's row selects him; his details show.
            try session.click(column: 10, row: joeRow)
            try session.waitFor("> + joe@example.com", timeout: 10)
            // The wheel over the list moves the selection back to Emma.
            try session.wheel(down: emmaRow > joeRow, column: 10, row: joeRow)
            try session.waitFor("> * emma@example.com", timeout: 10)
            // A double click on Joe switches to him, as Enter does.
            try session.click(column: 10, row: joeRow, times: 2)
            screen = try session.waitFor("active: joe@example.com", timeout: 10)
            #expect(try runner.users().first { $0.email == "joe@example.com" }?.current == true, "\(screen)")

            // With the mouse on, a paste into the filter still arrives whole.
            try session.send("/")
            try session.paste("emma\n")
            try session.waitFor("filter: /emma_", timeout: 10)
            try session.send("Enter", literal: false)
            try session.waitFor("> + emma@example.com", timeout: 10)

            // Quitting tells the terminal to stop reporting the mouse.
            try session.send("q")
            screen = try session.waitFor("[end]")
            #expect(screen.contains("[exited 0]"))
            #expect(try !session.reportsMouse(), "mouse reporting is still on after quitting")
            try SwitcherTests.expectSaneSettings(screen)
        }

        @Test func noMouseLeavesTheMouseToTheTerminal() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-no-mouse")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            #expect(try runner.roster(["login", "--anonymous"]).status == 0)
            let session = try TmuxSession(command: [SwitcherTests.roster, "ui", "--no-mouse"], environment: runner.environment)
            try session.waitFor("* anonymous user")
            #expect(try !session.reportsMouse())
            try session.send("q")
            try session.waitFor("[exited 0]")
        }
    }
}
