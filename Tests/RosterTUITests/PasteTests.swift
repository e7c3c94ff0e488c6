import RosterTUI
import Testing

/// A bracketed paste goes whole into the focused text field, never acts as keys, and does
/// nothing where there is no text field.
@Suite struct PasteTests {
    @Test func aPasteOnAScreenWithoutATextFieldDoesNothingAtAll() {
        var model = Sample.model()
        model.status = StatusMessage("as it was")
        // Each of these letters is a command on the list: remove, delete, log out, quit.
        for text in ["xy", "x\r", "d\ry", "o", "q", "n", "/joe\r", "?"] {
            let before = model
            #expect(update(&model, .key(.paste(text))) == [])
            let unchanged = model == before
            #expect(unchanged, "pasting \(text.debugDescription) changed the list: \(model.mode), \(String(describing: model.status))")
        }
        var screens: [Model] = []
        var help = Sample.model()
        help.press(.char("?"))
        var dialog = Sample.model()
        dialog.press(.char("x"))
        var failure = Sample.model()
        failure.mode = .failure("cannot read the store")
        var keyShown = Sample.model()
        keyShown.mode = .apiKeys(KeysScreen(owner: UserTarget(id: Sample.joe.id, name: Sample.joe.displayName)))
        _ = update(&keyShown, .apiKeyCreated(owner: Sample.joe.id, CreatedKey(name: "ci", secret: "k-123")))
        var editing = Sample.model()
        editing.press(.char("e"))
        var leaving = Sample.model()
        leaving.press(.char("e"), .char("d"), .escape)
        #expect(leaving.editor?.closing != nil)
        screens += [help, dialog, failure, keyShown, editing, leaving]
        for var screen in screens {
            let before = screen
            for text in ["y", "\r", "q", "d", "Discard", "\u{1B}"] {
                #expect(update(&screen, .key(.paste(text))) == [])
            }
            let unchanged = screen == before
            #expect(unchanged, "a paste changed \(before.mode) into \(screen.mode)")
        }
    }

    @Test func aPastedEmailWithNewlinesNeitherSubmitsNorMovesOn() {
        var model = Sample.model()
        model.press(.char("n"))
        #expect(update(&model, .key(.paste("emma@example.com\npa55word\n"))) == [])
        #expect(model.form?.email == "emma@example.compa55word")
        #expect(model.form?.password == "" && model.form?.focus == .email)
        #expect(!model.isBusy && model.status == nil)
        #expect(model.screen.line(containing: "> Email")?.contains("[emma@example.compa55word ") == true)
        // A carriage return (what terminals send for Enter) is dropped too.
        model.press(.tab)
        #expect(update(&model, .key(.paste("pa55\r\nword\r"))) == [])
        #expect(model.form?.password == "pa55word")
    }

    @Test func aTokenPastedWithATrailingNewlineWaitsForEnter() {
        var model = Sample.model()
        model.press(.char("n"), .backTab, .char("4"), .tab)
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqb2UifQ.c2lnbmF0dXJlLW9mLWpvZQ"
        #expect(update(&model, .key(.paste(jwt + "\r\n"))) == [])
        #expect(model.form?.token == jwt)
        // As pasted, it is masked at once.
        let screen = model.screen
        #expect(screen.line(containing: "> JWT")?.contains("[eyJ…(\(jwt.count) chars)") == true)
        SecretMaskingTests.expectNoMoreThanThreeCharacters(of: jwt, on: screen)
        #expect(model.press(.enter) == [.loginForm(.login(LoginRequest(provider: .customJWT, secret: jwt)))])
    }

    @Test func aPasteIsCutAtTheFieldsLength() {
        var model = Sample.model()
        model.press(.char("n"), .tab)
        _ = update(&model, .key(.paste(String(repeating: "p", count: 1000))))
        #expect(model.form?.password.count == LoginForm.maxLength[.password])
        var account = Sample.model()
        account.press(.char("p"), .char(" "), .tab, .tab)
        _ = update(&account, .key(.paste("tok-" + String(repeating: "t", count: 1000))))
        #expect(account.accountForm?.token.count == AccountForm.maxLength[.token])
        #expect(account.accountForm?.token.hasPrefix("tok-") == true)
        #expect(account.screen.line(containing: "> Token")?.contains("[tok…(256 chars)") == true)
        // A paste into the provider choice is not a digit typed.
        var provider = Sample.model()
        provider.press(.char("n"), .backTab)
        _ = update(&provider, .key(.paste("3")))
        #expect(provider.form?.provider == .emailPassword)
    }

    @Test func aPasteGoesIntoTheFilterTheEditorAndAKeysName() {
        var model = Sample.model()
        model.press(.char("/"))
        _ = update(&model, .key(.paste("emma\r")))
        #expect(model.list.filter == "emma" && model.list.isEditingFilter)
        _ = update(&model, .key(.paste(String(repeating: "z", count: 100))))
        #expect(model.list.filter.count == UserList.maxFilterLength)

        var editor = Sample.model()
        editor.press(.char("e"), .char("a"))
        _ = update(&editor, .key(.paste("nick\rname")))
        #expect(editor.editor?.typing == .newKey("nickname"))
        editor.press(.enter)
        _ = update(&editor, .key(.paste("{\"a\":\n 1}\n")))
        #expect(editor.editor?.typedValue == DataEditor.ValueEntry(newKey: "nickname", text: "{\"a\": 1}"))
        #expect(editor.editor?.fields.contains { $0.key == "nickname" } == false, "not taken until Enter")

        var keys = Sample.model()
        keys.mode = .apiKeys(KeysScreen(owner: UserTarget(id: Sample.joe.id, name: Sample.joe.displayName)))
        keys.press(.char("n"))
        #expect(update(&keys, .key(.paste("kiosk\r"))) == [])
        #expect(keys.keysScreen?.naming == "kiosk")
    }
}
