import RosterTUI
import Testing

/// The log-in form: providers, fields, masking, validation and bad input.
@Suite struct LoginFormTests {
    private func openForm() -> Model {
        var model = Sample.model()
        model.press(.char("n"))
        return model
    }

    /// The form with the focus on the provider, one Shift-Tab above the first field.
    private func openProviderChoice() -> Model {
        var model = openForm()
        model.press(.backTab)
        #expect(model.form?.focus == .provider)
        return model
    }

    @Test func emailPasswordLogInThroughTheFields() {
        var model = openForm()
        #expect(model.form?.fields == [.provider, .email, .password, .register])
        #expect(model.form?.focus == .email, "the form opens on the first field to type")
        model.type("joe@example.com")
        model.press(.tab)
        model.type("passw0rd")
        let effects = model.press(.enter)
        #expect(effects == [.loginForm(.login(LoginRequest(provider: .emailPassword, email: "joe@example.com", secret: "passw0rd")))])
        #expect(model.isBusy)
        #expect(model.form != nil, "the form stays up until the result")
        _ = update(&model, .operationFinished("Logged in joe@example.com", for: effects[0]))
        #expect(model.mode == .list)
    }

    @Test func passwordIsMaskedAndNeverShown() {
        var model = openForm()
        model.type("joe@example.com")
        model.press(.tab)
        model.type("s3cret")
        let screen = model.screen
        #expect(screen.line(containing: "Password") == ">" + " Password    [******" + String(repeating: " ", count: 34) + "]  Ctrl-R shows it")
        #expect(!screen.joined().contains("s3cret"))
        #expect(!LoginRequest(provider: .emailPassword, email: "a@b.c", secret: "s3cret").description.contains("s3cret"))
    }

    @Test func spaceAndDigitsChooseTheProviderAndFieldsFollow() {
        var model = openProviderChoice()
        model.type(" ")
        #expect(model.form?.provider == .apiKey)
        #expect(model.form?.fields == [.provider, .apiKey])
        model.type(" ")
        #expect(model.form?.provider == .customJWT)
        model.type(" ")
        #expect(model.form?.provider == .otherDevice)
        #expect(model.form?.fields == [.provider])
        model.type(" ")
        #expect(model.form?.provider == .anonymous)
        #expect(model.press(.enter) == [.loginForm(.login(LoginRequest(provider: .anonymous)))])
        var other = openProviderChoice()
        other.type("3")
        #expect(other.form?.provider == .apiKey)
        other.press(.tab)
        other.type("  key-123 ")
        #expect(other.press(.enter) == [.loginForm(.login(LoginRequest(provider: .apiKey, secret: "key-123")))])
    }

    @Test func tabAndShiftTabCycleThroughTheFields() {
        var model = openForm()
        model.press(.tab, .tab)
        #expect(model.form?.focus == .register)
        model.press(.tab)
        #expect(model.form?.focus == .provider)
        model.press(.backTab)
        #expect(model.form?.focus == .register)
        model.press(.backTab, .up)
        #expect(model.form?.focus == .email)
    }

    @Test func registerToggleAsksForARegistration() {
        var model = openForm()
        model.type("new@example.com")
        model.press(.tab)
        model.type("abc")
        model.press(.tab)
        model.type(" ")
        #expect(model.form?.register == true)
        #expect(model.screen.line(containing: "[x] register a new account") != nil)
        model.press(.tab)
        model.type("abc")
        // The server, not the form, says how long a new password must be.
        #expect(model.press(.enter) == [.loginForm(.login(LoginRequest(provider: .emailPassword, email: "new@example.com", secret: "abc", register: true)))])
    }

    /// On a narrow terminal an error too long for the room beside its field goes whole on the
    /// rows under it, the fields below moving down; the status line names every refused field.
    @Test func anErrorTooLongBesideItsFieldIsWholeUnderIt() {
        var model = openForm()
        model.size = TerminalSize(width: 60, height: 24)
        model.type("joe@example")
        model.press(.enter)
        let whole = "not an email address (like joe@example.com)"
        #expect(model.form?.errors[.email] == whole)
        let screen = model.screen
        let email = try! #require(screen.firstIndex { $0.contains("Email") })
        #expect(!screen[email].contains("!"), "no cut error beside the field")
        #expect(screen[email + 1].trimmingCharacters(in: .whitespaces) + " " + screen[email + 2].trimmingCharacters(in: .whitespaces) == "! " + whole
            || screen[email + 1].trimmingCharacters(in: .whitespaces) == "! " + whole, "\(screen[email + 1]) / \(screen[email + 2])")
        #expect(screen.dropFirst(email + 1).contains { $0.contains("Password") }, "the next field moves down")
        #expect(model.status?.text == "Fix the marked fields: Email: \(whole); Password: enter the password")
        // With room, it stays beside the field.
        model.size = TerminalSize(width: 120, height: 30)
        #expect(model.screen.line(containing: "Email")?.hasSuffix("! " + whole) == true)
    }

    /// The hint line offers what the field in focus takes: Space only where it changes
    /// something, Ctrl-R only on a secret.
    @Test func theHintLineFollowsTheFieldInFocus() {
        var model = openForm()
        #expect(model.form?.focus == .email)
        var hints = model.screen.line(containing: "Tab/Shift-Tab field") ?? ""
        #expect(!hints.contains("Space") && !hints.contains("Ctrl-R"), "\(hints)")
        model.press(.tab)
        hints = model.screen.line(containing: "Tab/Shift-Tab field") ?? ""
        #expect(hints.contains("Ctrl-R show/hide") && !hints.contains("Space"), "\(hints)")
        model.press(.tab)
        #expect(model.screen.line(containing: "Tab/Shift-Tab field")?.contains("Space tick/untick") == true)
        model.press(.backTab, .backTab, .backTab)
        #expect(model.form?.focus == .provider)
        #expect(model.screen.line(containing: "Tab/Shift-Tab field")?.contains("←/→ Space provider") == true)
    }

    @Test func emptyAndInvalidFieldsAreRefusedBesideTheField() {
        var model = openForm()
        #expect(model.press(.enter).isEmpty)
        #expect(model.form?.errors == [.email: "enter an email address", .password: "enter the password"])
        #expect(model.form?.focus == .email)
        #expect(model.status == StatusMessage("Fix the marked fields: Email: enter an email address; Password: enter the password", isError: true))
        var screen = model.screen
        #expect(screen.line(containing: "Email")?.hasSuffix("]  ! enter an email address") == true)
        #expect(screen.line(containing: "Password")?.hasSuffix("]  ! enter the password") == true)
        model.type("not-an-email")
        #expect(model.form?.errors[.email] == nil, "typing clears the field's message")
        model.press(.enter)
        #expect(model.form?.errors[.email] == "not an email address (like joe@example.com)")
        screen = model.screen
        #expect(screen.line(containing: "! not an email address") != nil)
    }

    @Test func jwtMustHaveThreeParts() {
        var model = openProviderChoice()
        model.type("4")
        model.press(.tab)
        model.type("abc.def")
        #expect(model.press(.enter).isEmpty)
        #expect(model.form?.errors[.token] == "JWTs have three dot-separated parts")
        model.type(".ghi")
        #expect(model.press(.enter) == [.loginForm(.login(LoginRequest(provider: .customJWT, secret: "abc.def.ghi")))])
    }

    @Test func pastedControlCharactersAreDroppedAndValuesCapped() {
        var model = openForm()
        model.type("jo\ne@ex\u{1B}ample.com\r\n\t")
        #expect(model.form?.email == "joe@example.com")
        model.type(String(repeating: "a", count: 1000))
        #expect(model.form?.email.count == LoginForm.maxLength[.email])
        // A long value shows its end, cut at the front.
        #expect(model.screen.line(containing: "Email")?.contains("[…aaaa") == true)
    }

    @Test func backspaceEditsTextFieldsOnly() {
        var model = openProviderChoice()
        model.press(.backspace)
        #expect(model.form?.provider == .emailPassword)
        model.press(.tab)
        model.type("ab")
        model.press(.backspace)
        #expect(model.form?.email == "a")
    }

    @Test func escapeCancelsWithoutEffects() {
        var model = openForm()
        model.type("joe@example.com")
        #expect(model.press(.escape).isEmpty)
        #expect(model.mode == .list)
        #expect(model.status?.text == "Log-in cancelled")
    }

    @Test func failedLogInKeepsTheFormAndSaysWhy() {
        var model = openForm()
        model.type("joe@example.com")
        model.press(.tab)
        model.type("wrong")
        let sent = model.press(.enter)
        _ = update(&model, .operationFailed("Wrong email or password", for: sent[0]))
        #expect(model.form?.password == "wrong")
        let status: String? = model.screen.last
        #expect(status?.hasPrefix("error: Wrong email or password   ") == true)
        #expect(status?.hasSuffix("active: joe@example.com") == true)
    }

    @Test func enterWhileBusyDoesNotSubmitTwice() {
        var model = openProviderChoice()
        model.type("4")
        model.press(.tab)
        model.type("a.b.c")
        #expect(model.press(.enter).count == 1)
        #expect(model.press(.enter).isEmpty)
        #expect(model.pendingOperations == 1)
    }
}

@Suite struct SecretTests {
    @Test func descriptionsNeverShowTheSecret() {
        var model = Sample.model()
        model.fillLogIn(email: "joe@example.com", password: "passw0rd")
        let effects = model.press(.enter)
        for text in [String(describing: effects), String(reflecting: effects), String(describing: model.form), String(reflecting: model.mode)] {
            #expect(!text.contains("passw0rd"), "\(text)")
            #expect(text.contains("joe@example.com"))
        }
    }
}

/// The provider changes with Left/Right too, its digits are labelled, and a new account's
/// password is asked for twice.
@Suite struct LoginFormChoiceTests {
    @Test func leftAndRightChangeTheProviderAndTheDigitsAreLabelled() {
        var model = Sample.model()
        model.press(.char("n"))
        #expect(model.screen.line(containing: "Shift-Tab to change") != nil, "the way up to the provider")
        model.press(.backTab)
        #expect(model.screen.line(containing: "1 anonymous · 2 email/password · 3 API key · 4 custom JWT") != nil)
        #expect(model.screen.line(containing: "←/→, Space or 1-5 to change") != nil)
        model.press(.right)
        #expect(model.form?.provider == .apiKey)
        model.press(.left, .left)
        #expect(model.form?.provider == .anonymous)
        model.press(.left)
        #expect(model.form?.provider == .otherDevice, "round the end")
        model.press(.left)
        #expect(model.form?.provider == .customJWT)
        model.press(.tab)
        #expect(model.screen.line(containing: "1 anonymous ·") == nil, "the digits show while the provider has focus")
    }

    @Test func registeringAsksForThePasswordTwice() {
        var model = Sample.model()
        model.fillLogIn(email: "ada@example.com", password: "first-secret-1")
        model.press(.tab, .char(" "))
        #expect(model.form?.fields == [.provider, .email, .password, .register, .passwordAgain])
        #expect(model.press(.enter).isEmpty)
        #expect(model.form?.errors == [.passwordAgain: "not the same password"])
        #expect(model.form?.focus == .passwordAgain)
        model.type("first-secret-1")
        #expect(model.screen.line(containing: "> Again")?.contains("**************") == true)
        #expect(model.press(.enter) == [.loginForm(.login(LoginRequest(provider: .emailPassword, email: "ada@example.com", secret: "first-secret-1", register: true)))])
    }

    @Test func theTokenFieldIsMasked() {
        var model = Sample.model()
        model.press(.char("n"), .backTab, .char("4"), .tab)
        model.type("eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl")
        #expect(!model.screen.joined().contains("eyJzdWIiOi"))
        #expect(model.screen.line(containing: "> JWT")?.contains("eyJ…(34 chars)") == true)
    }
}
