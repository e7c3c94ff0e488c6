import Foundation
import RosterTUI
import Testing

/// The status line: gone on the next key or after a few seconds, never taken to another screen,
/// and `!` shows the last message whole.
@Suite struct StatusLineTests {
    @Test func theNextKeyClearsTheMessage() {
        var model = Sample.model()
        model.press(.enter)
        #expect(model.status?.text == "joe@example.com is already the active user")
        model.press(.down)
        #expect(model.status == nil)
        #expect(model.screen.line(containing: "already") == nil)
    }

    @Test func aMessageGoesAfterAFewSecondsAnErrorAfterLonger() {
        var model = Sample.model()
        model.press(.enter)
        _ = update(&model, .tick(Sample.now.addingTimeInterval(4)))
        #expect(model.status != nil)
        _ = update(&model, .tick(Sample.now.addingTimeInterval(5)))
        #expect(model.status == nil)
        #expect(model.screen.line(containing: "already the active user") == nil)

        model.press(.char("G"), .char("e"))
        #expect(model.status?.isError == true)
        _ = update(&model, .tick(Sample.now.addingTimeInterval(14)))
        #expect(model.status != nil)
        _ = update(&model, .tick(Sample.now.addingTimeInterval(15)))
        #expect(model.status == nil)
    }

    @Test func aMessageStaysWhileItsOperationIsUnderWay() {
        var model = Sample.model()
        model.press(.down, .enter)
        #expect(model.status?.text == "Switching to emma@example.com…")
        model.press(.down)
        _ = update(&model, .tick(Sample.now.addingTimeInterval(60)))
        #expect(model.status?.text == "Switching to emma@example.com…")
        _ = update(&model, .operationFinished("Switched to emma@example.com", for: .list(.switchUser(id: Sample.emma.id))))
        #expect(model.status?.text == "Switched to emma@example.com")
    }

    @Test func aMessageIsNeverTakenToAnotherScreen() {
        var model = Sample.model()
        model.press(.down, .enter)
        #expect(model.isBusy)
        // Busy, the message stays on the list, but help opens without it.
        model.press(.char("?"))
        #expect(model.help != nil)
        #expect(model.status == nil)
        #expect(model.screen.line(containing: "Switching to") == nil)
        // A screen that opens with a message of its own keeps it.
        var other = Sample.model()
        other.press(.char("G"), .enter)
        #expect(other.form != nil)
        #expect(other.status?.text == "lapsed@example.com is logged out; log in again")
    }

    @Test func bangShowsTheLastMessageWholeAndEscClosesIt() {
        var model = Sample.model(width: 80, height: 24)
        let long = "Logged out joe@example.com here; the server was not told: the server could not be reached at http://127.0.0.1:9 (connection refused), so the session stays open there until it expires"
        _ = update(&model, .operationFinished(long, for: .list(.logOut(id: Sample.joe.id))))
        let cut = model.screen[23]
        #expect(cut.contains(" ! more"))
        #expect(!cut.contains("until it expires"))
        model.press(.char("!"))
        #expect(model.messageBox == MessageBox(StatusMessage(long)))
        let screen = model.screen.joined(separator: "\n")
        #expect(screen.contains("Last message"))
        #expect(screen.contains("until it expires"))
        #expect(screen.contains("connection refused"))
        #expect(model.screen[22].hasPrefix("↑/↓ j/k scroll · Esc close · q quit"))
        model.press(.escape)
        #expect(model.mode == .list && model.messageBox == nil)
        // Gone from the status line after a key, it can still be read.
        #expect(model.status == nil)
        model.press(.char("!"))
        #expect(model.messageBox == MessageBox(StatusMessage(long)))
        #expect(model.press(.char("q")) == [.quit])
    }

    /// `!` lists the earlier messages under the last one, newest first, with their age: a log
    /// of what happened, as lazygit's command log is.
    @Test func bangListsTheEarlierMessagesNewestFirst() throws {
        var model = Sample.model(width: 100, height: 30)
        model.status = StatusMessage("Switched to emma@example.com")
        _ = update(&model, .tick(Sample.now.addingTimeInterval(120)))
        model.status = StatusMessage("Logged out joe@example.com")
        model.status = StatusMessage("the server could not be reached", isError: true)
        model.press(.char("!"))
        let screen = model.screen
        let last = try #require(screen.firstIndex { $0.contains("the server could not be reached") })
        let heading = try #require(screen.firstIndex { $0.contains("Earlier, newest first:") })
        let loggedOut = try #require(screen.firstIndex { $0.contains("just now  Logged out joe@example.com") })
        let switched = try #require(screen.firstIndex { $0.contains("2 min ago  Switched to emma@example.com") })
        #expect(screen.contains { $0.contains("Last error") })
        #expect(last < heading && heading < loggedOut && loggedOut < switched, "\(screen)")
        #expect(model.messageLog.count == 3)
        for number in 0..<60 { model.status = StatusMessage("message \(number)") }
        #expect(model.messageLog.count == Model.messageLogLength && model.messageLog.last?.message.text == "message 59")
    }

    @Test func bangWithNoMessageSaysSo() {
        var model = Sample.model()
        model.press(.char("!"))
        #expect(model.mode == .list)
        #expect(model.status?.text == "No message yet")
    }
}
