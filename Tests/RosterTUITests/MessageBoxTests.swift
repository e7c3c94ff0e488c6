import Foundation
import RosterTUI
import Testing

/// `!` shows the last message whole however long it is: wrapped and scrolled in a box over the
/// list, and over the log-in form too, from its fields that nothing is typed into.
@Suite struct MessageBoxTests {
    /// A refusal longer than the box: its last word is "owner".
    static let long =
        "The server refused the log-in: "
        + (1...40).map { "rule \($0) of the app's password policy was not met" }.joined(separator: "; ")
        + "; for the whole policy ask the app's owner"

    @Test func theListsBoxScrollsToTheLastWords() {
        var model = Sample.model(width: 80, height: 24)
        _ = update(&model, .operationFinished(Self.long, for: .list(.logOut(id: Sample.joe.id))))
        model.press(.char("!"))
        #expect(model.screen.contains { $0.contains("Last message") })
        #expect(model.screen.contains { $0.contains("▼ more") })
        #expect(!model.screen.contains { $0.contains("owner") })
        model.press(.end)
        #expect(model.screen.contains { $0.contains("owner") }, "\(model.screen.joined(separator: "\n"))")
        model.press(.char("g"))
        #expect(model.screen.contains { $0.contains("The server refused the log-in") })
        model.press(.escape)
        #expect(model.messageBox == nil && model.mode == .list)
    }

    @Test func theLogInFormShowsALongRefusalWholeAndKeepsTheForm() throws {
        var model = Sample.model(width: 80, height: 24)
        model.press(.char("n"))
        model.type("joe@example.com")
        model.press(.tab)
        model.type("wrong")
        let sent = model.press(.enter)
        _ = update(&model, .operationFailed(Self.long, for: try #require(sent.first)))
        #expect(model.screen.last?.contains(" ! more") == true)
        // In a text field `!` is typed.
        model.press(.backTab)
        model.type("!")
        #expect(model.form?.email == "joe@example.com!")
        #expect(model.messageBox == nil)
        // On the provider it opens the box over the form.
        model.press(.backTab)
        #expect(model.form?.focus == .provider)
        model.press(.char("!"))
        #expect(model.messageBox?.message == StatusMessage(Self.long, isError: true))
        #expect(model.screen.contains { $0.contains("Last error") })
        #expect(!model.screen.contains { $0.contains("owner") })
        for _ in 0..<40 { model.press(.down) }
        #expect(model.screen.contains { $0.contains("owner") }, "\(model.screen.joined(separator: "\n"))")
        #expect(model.screen.contains { $0.contains("▲ top above") })
        model.press(.escape)
        #expect(model.messageBox == nil)
        #expect(model.form?.email == "joe@example.com!" && model.form?.password == "wrong")
    }
}

extension MessageBoxTests {
    /// While the box is up, the wheel and clicks reach nothing under it.
    @Test func theMouseMovesNothingUnderTheBox() {
        var model = Sample.model(width: 80, height: 24)
        model.status = StatusMessage("The server could not be reached")
        model.press(.char("!"))
        let selection = model.list.selection
        model.press(.mouse(MouseEvent(.wheelDown, column: 5, row: 3)), .mouse(MouseEvent(.click, column: 5, row: 4)))
        #expect(model.list.selection == selection)
        #expect(model.messageBox != nil)
    }
}
