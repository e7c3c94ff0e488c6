import Foundation
import CNCurses
import RosterCore
@testable import RosterTUI
import Testing

/// The error screen, and what effect results do to the model.
@Suite struct FailureAndResultsTests {
    @Test func theFailureScreenSaysWhyAndOnlyQuits() {
        var model = Model(now: Sample.now)
        let reason = "the device store at /home/joe/.local/share/roster/devices/embedded/roster-demo/device.sqlite cannot be read: file is not a database"
        model.mode = .failure(reason)
        let screen = model.screen
        #expect(screen.line(containing: "Roster cannot go on") != nil)
        #expect(screen.line(containing: "file is not a database") != nil)
        #expect(screen.line(containing: "Press q to quit.") != nil)
        #expect(screen[28] == "q quit")
        // Every line of the reason fits the screen.
        #expect(screen.allSatisfy { DisplayWidth.of($0) <= 100 })
        for key in [Key.char("n"), .char("x"), .char("o"), .up, .tab, .char("/")] {
            var copy = model
            #expect(update(&copy, .key(key)).isEmpty)
            #expect(copy == model)
        }
        for key in [Key.char("q"), .escape, .enter, .ctrlC] {
            var copy = model
            #expect(update(&copy, .key(key)) == [.quit])
        }
    }

    @Test func wrapBreaksAtSpacesAndCutsLongWords() {
        #expect(wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(wrap("张伟张伟张伟", width: 4) == ["张伟", "张伟", "张伟"])
        #expect(wrap("", width: 10).isEmpty)
        #expect(wrap("anything", width: 0).isEmpty)
    }

    @Test func aNewUserIsSelectedOnceLoggedIn() {
        var model = Sample.model()
        #expect(model.list.selectedUser?.id == Sample.joe.id)
        _ = update(&model, .selectUser(id: Sample.zhang.id))
        #expect(model.list.selectedUser?.id == Sample.zhang.id)
        // A user not on screen (filtered out or gone) leaves the selection where it was.
        _ = update(&model, .selectUser(id: "nobody"))
        #expect(model.list.selectedUser?.id == Sample.zhang.id)
    }

    @Test func usersReadAgainKeepTheSelectedUser() {
        var model = Sample.model()
        model.press(.down, .down)
        #expect(model.list.selectedUser?.id == Sample.zoe.id)
        _ = update(&model, .usersLoaded(Sample.all.reversed()))
        #expect(model.list.selectedUser?.id == Sample.zoe.id)
        // The selected user is gone: the selection stays in range.
        _ = update(&model, .usersLoaded([Sample.joe]))
        #expect(model.list.selection == 0 && model.list.selectedUser?.id == Sample.joe.id)
    }

    @Test func anUnreadableStoreIsReportedAndTheScreenKept() {
        var model = Sample.model()
        _ = update(&model, .loadFailed("database is locked"))
        #expect(model.list.users == Sample.all)
        #expect(model.status == StatusMessage("cannot read this device's users: database is locked", isError: true))
        #expect(model.screen[29].hasPrefix("error: cannot read this device's users: database is locked"))
    }

    @Test func finishedAndFailedOperationsStopTheSpinner() {
        var model = Sample.model()
        #expect(model.press(.char("o")) == [.list(.logOut(id: Sample.joe.id))])
        #expect(model.isBusy)
        #expect(update(&model, .operationFailed("cannot reach the server", for: .list(.logOut(id: Sample.joe.id)))) == [])
        #expect(!model.isBusy)
        #expect(model.status?.isError == true)
        _ = model.press(.char("o"))
        #expect(update(&model, .operationFinished("Logged out joe@example.com", for: .list(.logOut(id: Sample.joe.id)))) == [.reload])
        #expect(!model.isBusy && model.status == StatusMessage("Logged out joe@example.com"))
    }
}

/// What the ncurses backend reads, turned into keys; and the colour choice.
@Suite struct TerminalInputTests {
    @Test func controlCharactersBecomeKeysOrNothing() {
        #expect(KeyDecoding.key(forCharacter: 3) == .ctrlC)
        #expect(KeyDecoding.key(forCharacter: 18) == .ctrlR)
        #expect(KeyDecoding.key(forCharacter: 9) == .tab)
        #expect(KeyDecoding.key(forCharacter: 10) == .enter)
        #expect(KeyDecoding.key(forCharacter: 13) == .enter)
        #expect(KeyDecoding.key(forCharacter: 127) == .backspace)
        #expect(KeyDecoding.key(forCharacter: 27) == .escape)
        // Readline's keys for text fields (and paging the detail pane).
        #expect(KeyDecoding.key(forCharacter: 1) == .ctrlA)
        #expect(KeyDecoding.key(forCharacter: 4) == .ctrlD)
        #expect(KeyDecoding.key(forCharacter: 5) == .ctrlE)
        #expect(KeyDecoding.key(forCharacter: 21) == .ctrlU)
        #expect(KeyDecoding.key(forCharacter: 23) == .ctrlW)
        #expect(KeyDecoding.key(forKeyCode: KEY_DC) == .delete)
        #expect(KeyDecoding.key(forKeyCode: KEY_HOME) == .home)
        #expect(KeyDecoding.key(forKeyCode: KEY_NPAGE) == .pageDown)
        // Ctrl-Z and Ctrl-\ are keys in the raw terminal, so a kiosk can refuse them (BEHAVIOURS 54).
        #expect(KeyDecoding.key(forCharacter: 26) == .ctrlZ)
        #expect(KeyDecoding.key(forCharacter: 28) == .ctrlBackslash)
        // Other controls (Ctrl-G, C1) mean nothing.
        for value: UInt32 in [7, 0x85, 0x9B] {
            #expect(KeyDecoding.key(forCharacter: value) == nil)
        }
        #expect(KeyDecoding.key(forCharacter: UInt32(("ë" as Unicode.Scalar).value)) == .char("ë"))
        #expect(KeyDecoding.key(forCharacter: 0x5F20) == .char("张"))
        #expect(KeyDecoding.key(forCharacter: 0xD800) == nil)
    }

    @Test func colourIsOffWithTheFlagOrNoColor() {
        #expect(ColorMode.chosen(noColorFlag: false, environment: [:]) == .color)
        #expect(ColorMode.chosen(noColorFlag: true, environment: [:]) == .monochrome)
        #expect(ColorMode.chosen(noColorFlag: false, environment: ["NO_COLOR": "1"]) == .monochrome)
        // no-color.org: an empty NO_COLOR does not count.
        #expect(ColorMode.chosen(noColorFlag: false, environment: ["NO_COLOR": ""]) == .color)
    }

    @Test func theMemoryTerminalCountsRowsWritten() {
        let terminal = MemoryBackend(size: TerminalSize(width: 50, height: 12))
        var model = Sample.model(width: 50, height: 12)
        terminal.draw(view(model, size: (50, 12)))
        let first = terminal.drawCounts
        terminal.draw(view(model, size: (50, 12)))
        #expect(terminal.drawCounts.rowsWritten == first.rowsWritten)
        _ = update(&model, .key(.down))
        terminal.draw(view(model, size: (50, 12)))
        #expect(terminal.drawCounts.frames == 3)
        #expect(terminal.drawCounts.rowsWritten > first.rowsWritten)
        #expect(terminal.drawCounts.rowsWritten - first.rowsWritten < 12)
    }
}

/// Which failures the PIN box shows as its own refusal: a wrong PIN and one tried too soon,
/// with their tries left and wait; anything else stays a failure in words.
@Suite struct SecretRefusalTests {
    // BEHAVIOURS 45
    @Test func aWrongOrEarlyPINIsARefusalAndNothingElseIs() throws {
        let wrong = try #require(SecretRefusal(RosterError.wrongSecret(user: "emma", secret: .pin, remaining: 7)))
        #expect(wrong.triesLeft == 7 && wrong.waitSeconds == 5)
        #expect(wrong.message == "wrong PIN for emma; 7 more wrong tries and emma is logged out on this device")
        let early = try #require(SecretRefusal(RosterError.secretDelayed(user: "emma", secret: .pin, seconds: 40)))
        #expect(early.triesLeft == nil && early.waitSeconds == 40)
        #expect(SecretRefusal(RosterError.tooManyWrongSecrets(user: "emma", secret: .pin)) == nil)
        #expect(SecretRefusal(RosterError.userRemoved("emma")) == nil)
    }
}
