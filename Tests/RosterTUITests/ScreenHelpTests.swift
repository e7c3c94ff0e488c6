import Foundation
@testable import RosterTUI
import Testing

/// `?` on every screen shows that screen's keys in a box that scrolls; the README lists the same.
@Suite struct ScreenHelpTests {
    static func screens() -> [(String, Model)] {
        var editor = Sample.model()
        editor.press(.char("e"))
        var login = Sample.model()
        login.press(.char("n"), .backTab)
        var account = Sample.model()
        account.press(.char("p"))
        var keys = Sample.model()
        keys.mode = .apiKeys(KeysScreen(owner: UserTarget(id: Sample.joe.id, name: Sample.joe.displayName)))
        var history = Sample.model()
        history.mode = .history(HistoryScreen(entries: []))
        return [
            ("Keys on the user list", Sample.model()), ("Keys in the custom data editor", editor), ("Keys on the log-in form", login),
            ("Keys on the account form", account), ("Keys on the API keys screen", keys), ("Keys on the history", history),
        ]
    }

    @Test func questionMarkShowsEachScreensKeysAndEscReturnsToIt() throws {
        for (title, screen) in Self.screens() {
            var model = screen
            let before = model.mode
            model.press(.char("?"))
            var seen = model.screen
            // Page through the whole box.
            for _ in 0..<6 {
                model.press(.pageDown)
                seen += model.screen
            }
            #expect(seen.line(containing: title) != nil, "\(title)")
            #expect(seen.line(containing: "? help · Esc closes") != nil)
            model.press(.escape)
            #expect(model.help == nil && model.mode == before, "\(title): back to the same screen")
        }
    }

    @Test func theEditorsHelpScrollsWhenItDoesNotFit() throws {
        var model = Sample.model(width: 80, height: 16)
        model.press(.char("e"), .char("?"))
        let marker = try #require(model.screen.line(containing: "▼ more"))
        #expect(marker.contains("1–10 of"))
        #expect(model.screen.line(containing: "Ctrl-W") == nil)
        model.press(.char("G"))
        #expect(model.screen.line(containing: "▲ top above") != nil)
        #expect(model.screen.line(containing: "Ctrl-W") != nil)
        model.press(.char("g"))
        #expect(model.screen.line(containing: "Keys in the custom data editor") != nil)
    }

    @Test func inATextFieldQuestionMarkIsTyped() {
        var model = Sample.model()
        model.press(.char("n"))
        model.type("a?b")
        #expect(model.help == nil && model.form?.email == "a?b")
        var editor = Sample.model()
        editor.press(.char("e"), .char("a"))
        editor.type("why?")
        #expect(editor.help == nil && editor.editor?.typing == .newKey("why?"))
    }

    @Test func f1ShowsTheKeysEvenFromATextFieldAndLeavesItAsItWas() {
        var model = Sample.model()
        model.press(.char("n"))
        model.type("emma@")
        model.press(.f1)
        #expect(model.screen.line(containing: "Keys on the log-in form") != nil)
        model.press(.f1)
        #expect(model.help == nil)
        model.type("example.com")
        #expect(model.form?.email == "emma@example.com" && model.form?.focus == .email)
        var editor = Sample.model()
        editor.press(.char("e"), .char("a"))
        editor.type("why")
        editor.press(.f1)
        #expect(editor.screen.line(containing: "Keys in the custom data editor") != nil)
        editor.press(.escape)
        #expect(editor.help == nil && editor.editor?.typing == .newKey("why"))
        var list = Sample.model()
        list.press(.f1)
        #expect(list.screen.line(containing: "Keys on the user list") != nil)
    }

    /// Each help table's keys are in the README's switcher section, row for row.
    @Test func theReadmeListsTheSameKeys() throws {
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md"), encoding: .utf8)
        let tables: [(String, [(key: String, meaning: String)])] = [
            ("The detail pane", ScreenKeys.detail), ("In a text field", ScreenKeys.textField),
            ("The custom data editor", ScreenKeys.editor), ("The log-in form", ScreenKeys.loginForm),
            ("The account form", ScreenKeys.accountForm), ("The API keys screen", ScreenKeys.apiKeys),
            ("The history", ScreenKeys.history), ("Questions", ScreenKeys.dialog),
        ]
        for (title, rows) in tables {
            let section = try #require(readme.range(of: "#### \(title)\n"), "README has a table for \(title)")
            let rest = readme[section.upperBound...]
            let table = String(rest).components(separatedBy: "\n#").first ?? ""
            for row in rows {
                #expect(table.contains("| `\(row.key)` | \(row.meaning) |"), "README's \(title) lists \(row.key)")
            }
        }
    }
}

