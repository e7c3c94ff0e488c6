import RosterTUI
import Testing

/// Every text field edits like readline, with a cursor shown; secrets stay masked.
@Suite struct LineEditingTests {
    @Test func readlineKeysEditALine() {
        var line = LineEditor("joe@exmple.com")
        for _ in 0..<8 { line.apply(.left) }
        line.insert("a")
        #expect(line.text == "joe@example.com" && line.cursor == 7)
        line.apply(.ctrlA)
        line.apply(.delete)
        #expect(line.text == "oe@example.com" && line.cursor == 0)
        line.apply(.ctrlE)
        line.apply(.backspace)
        #expect(line.text == "oe@example.co")
        var words = LineEditor("sea green  ")
        words.apply(.ctrlW)
        #expect(words.text == "sea " && words.cursor == 4)
        words.apply(.home)
        words.apply(.right)
        words.apply(.ctrlU)
        #expect(words.text == "ea " && words.cursor == 0)
        words.apply(.end)
        #expect(words.cursor == 3)
        var capped = LineEditor("ab", limit: 4)
        capped.apply(.left)
        capped.insert("xyz\n")
        #expect(capped.text == "axyb", "cut to the limit, control characters dropped")
    }

    @Test func theLogInFormEditsInTheMiddleAndShowsTheCursor() {
        var model = Sample.model()
        model.press(.char("n"))
        model.type("joe@exmple.com")
        for _ in 0..<8 { model.press(.left) }
        model.type("a")
        #expect(model.form?.email == "joe@example.com")
        let buffer = view(model, size: (100, 30))
        let row = try! #require(buffer.lines().firstIndex { $0.contains("> Email") })
        // The field is reverse video; the cursor cell (on "m", after "joe@exa") is not.
        #expect(model.form?.cursor == 7)
        let box = 14
        #expect(buffer[row, box + 1].attributes.reverse)
        #expect(buffer[row, box + 1 + 7].text == "m")
        #expect(!buffer[row, box + 1 + 7].attributes.reverse)
        model.press(.ctrlU)
        #expect(model.form?.email == "mple.com")
        model.press(.ctrlE, .ctrlW)
        #expect(model.form?.email == "")
    }

    @Test func theCursorInAMaskedFieldSaysNoMoreThanTheMask() {
        var model = Sample.model()
        model.press(.char("n"), .tab)
        model.type("s3cret")
        model.press(.left, .left)
        var buffer = view(model, size: (100, 30))
        var row = try! #require(buffer.lines().firstIndex { $0.contains("> Password") })
        #expect(buffer.lines()[row].contains("[******"))
        #expect(!buffer[row, 14 + 1 + 4].attributes.reverse, "the cursor on the fifth star")
        model.press(.delete)
        #expect(model.form?.password == "s3crt")
        // A long secret shows its length only: the cursor is on its `…` inside, after it at the end.
        model.press(.ctrlE, .ctrlU)
        model.type(String(repeating: "p", count: 30))
        model.press(.home)
        buffer = view(model, size: (100, 30))
        row = try! #require(buffer.lines().firstIndex { $0.contains("> Password") })
        #expect(buffer.lines()[row].contains("[***…(30 chars)"))
        #expect(buffer[row, 14 + 1 + 3].text == "…" && !buffer[row, 14 + 1 + 3].attributes.reverse)
        model.press(.end)
        buffer = view(model, size: (100, 30))
        #expect(!buffer[row, 14 + 1 + 14].attributes.reverse, "after `…(30 chars)`")
        #expect(!buffer.lines().joined().contains("ppp"))
    }

    @Test func theAccountFormTheValueEditorAndAKeyNameEditTheSameWay() {
        var account = Sample.model()
        account.press(.char("p"), .tab, .ctrlE, .ctrlU)
        account.type("emma@exampe.com")
        account.press(.left, .left, .left, .left, .left)
        account.type("l")
        #expect(account.screen.line(containing: "emma@example.com") != nil)

        var editor = Sample.model()
        editor.press(.char("e"), .enter, .home, .delete)
        editor.type("B")
        editor.press(.enter)
        #expect(editor.editor?.fields.first { $0.key == "favoriteColor" }?.value == "Blue")
        editor.press(.char("a"))
        editor.type("nick name")
        editor.press(.ctrlW, .ctrlW)
        editor.type("nickname")
        editor.press(.enter)
        #expect(editor.editor?.typedValue?.key == "nickname")

        var keys = Sample.model()
        keys.mode = .apiKeys(KeysScreen(owner: UserTarget(id: Sample.joe.id, name: Sample.joe.displayName)))
        keys.press(.char("n"))
        keys.type("kisk")
        keys.press(.left, .left)
        keys.type("o")
        #expect(keys.keysScreen?.naming?.text == "kiosk")
    }
}
