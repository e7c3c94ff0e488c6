import Foundation
import RosterTUI
import Testing

/// Ctrl-L draws the whole screen again, over what another process wrote on the terminal, on
/// every screen; until then the switcher writes only the rows that change, as curses does.
@Suite struct RedrawTests {
    @Test func ctrlLWritesOverTextThatAnotherProcessLeftOnTheScreen() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        let switcher = try RunningSwitcher.start(demo)
        await switcher.waitFor("No users yet. Press n to log in.")
        let drawn = switcher.terminal.lines

        switcher.terminal.scribble("SCRIBBLE FROM ANOTHER PROCESS", row: 1)
        // `j` changes nothing on this screen; `y`, read after it, puts a line at the bottom. Once
        // that line is drawn both keys were handled, and neither wrote over the scribble.
        switcher.terminal.press(.char("j"), .char("y"))
        await switcher.waitForShown("Nobody to copy; press n to log in")
        #expect(switcher.terminal.lines[1].hasPrefix("SCRIBBLE FROM ANOTHER PROCESS"), "only changed rows are written")
        // The next key takes the message away, and only its row is written again.
        switcher.terminal.press(.escape)
        await switcher.waitForNo("Nobody to copy")
        #expect(switcher.terminal.lines[1].hasPrefix("SCRIBBLE FROM ANOTHER PROCESS"), "only changed rows are written")

        switcher.terminal.press(.ctrlL)
        await switcher.waitForNo("SCRIBBLE")
        #expect(switcher.terminal.lines == drawn)

        // In a form too, and what was typed stays.
        switcher.terminal.press(.char("n"))
        switcher.terminal.type("joe@example.com")
        await switcher.waitFor("joe@example.com")
        switcher.terminal.scribble("SCRIBBLE AGAIN", row: 3)
        switcher.terminal.press(.ctrlL)
        await switcher.waitForNo("SCRIBBLE")
        await switcher.waitFor("joe@example.com")
    }

    @Test func ctrlZSuspendsOutsideAKioskAndInOneOnlySaysWhy() {
        var model = Model(users: [], size: TerminalSize(width: 100, height: 30), now: Date())
        #expect(update(&model, .key(.ctrlZ)) == [.suspend])
        model.kioskFromCommandLine = true
        #expect(update(&model, .key(.ctrlZ)).isEmpty)
        #expect(model.status?.text.contains("kiosk") == true)
    }
}
