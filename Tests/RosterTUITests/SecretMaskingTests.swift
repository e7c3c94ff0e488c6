import RosterTUI
import RosterWire
import Testing

/// Nothing secret on the screen: every secret field of every form is masked as it is typed,
/// shows at most its first three characters, and Ctrl-R reveals the focused one only.
@Suite struct SecretMaskingTests {
    /// A JWT-shaped secret whose every four characters are unlike anything the screen says.
    static let longSecret = "eyJqZ9xKvW2.QmT7bRz4LpY8nHc3.Fw6DsXg1JkVu5"

    /// The log-in form with every provider offered, on `provider`, focus on its secret field.
    private func loginForm(_ provider: LoginForm.Provider) -> Model {
        var model = Sample.model()
        _ = update(&model, .providersLoaded([.anonymous, .emailPassword, .apiKey, .customToken, .customFunction, .google, .apple, .facebook]))
        model.press(.char("n"), .backTab)
        let index = try! #require(model.form?.choices.firstIndex(of: provider))
        model.type("\(index + 1)")
        #expect(model.form?.provider == provider)
        model.press(.tab)
        if provider == .emailPassword {
            model.type("joe@example.com")
            model.press(.tab)
        }
        return model
    }

    static let secretFields: [(LoginForm.Provider, LoginForm.Field, String)] = [
        (.emailPassword, .password, "Password"), (.apiKey, .apiKey, "API key"), (.customJWT, .token, "JWT"),
        (.google, .token, "ID token"), (.apple, .token, "ID token"), (.googleAuthCode, .authCode, "Auth code"),
        (.facebook, .accessToken, "Token"),
    ]

    @Test(arguments: secretFields)
    func everyLogInSecretIsMaskedAsItIsTyped(provider: LoginForm.Provider, field: LoginForm.Field, label: String) {
        var model = loginForm(provider)
        #expect(model.form?.focus == field)
        model.type(Self.longSecret)
        #expect(model.form?.value(of: field) == Self.longSecret)
        let screen = model.screen
        let row = screen.line(containing: "> \(label)")
        let shown = provider == .emailPassword ? "[***…(42 chars)" : "[eyJ…(42 chars)"
        #expect(row?.contains(shown) == true, "\(row ?? screen.joined(separator: "\n"))")
        Self.expectNoMoreThanThreeCharacters(of: Self.longSecret, on: screen)
        // Short, it is one star a character, whatever the field.
        for _ in 0..<Self.longSecret.count { model.press(.backspace) }
        model.type("Qz9xK")
        #expect(model.screen.line(containing: "> \(label)")?.contains("[*****  ") == true)
        Self.expectNoMoreThanThreeCharacters(of: "Qz9xK", on: model.screen)
    }

    @Test func everyAccountFormSecretIsMasked() {
        var model = Sample.model()
        model.press(.char("p"), .char(" "))
        #expect(model.accountForm?.fields == [.task, .tokenId, .token, .password, .passwordAgain])
        model.press(.tab)
        model.type("64f0c0ffee0000000000beef")
        model.press(.tab)
        model.type(Self.longSecret)
        model.press(.tab)
        model.type("Wq8Lm3Tz7Vx2Rk9Pf4")
        let screen = model.screen
        #expect(screen.line(containing: "Token id")?.contains("[64f…(24 chars)") == true)
        #expect(screen.line(containing: "  Token  ")?.contains("[eyJ…(42 chars)") == true)
        #expect(screen.line(containing: "> Password")?.contains("[***…(18 chars)") == true)
        for secret in ["64f0c0ffee0000000000beef", Self.longSecret, "Wq8Lm3Tz7Vx2Rk9Pf4"] {
            Self.expectNoMoreThanThreeCharacters(of: secret, on: screen)
        }
    }

    @Test func theEmailAndTheFunctionPayloadAreNotSecret() {
        var model = loginForm(.customFunction)
        model.type(#"{"pin": "1234"}"#)
        #expect(model.screen.line(containing: "Payload")?.contains(#"[{"pin": "1234"}"#) == true)
        var account = Sample.model()
        account.press(.char("p"))
        #expect(account.screen.line(containing: "Email")?.contains("[joe@example.com") == true)
    }

    @Test func ctrlRRevealsTheFocusedSecretOnlyUntilTheFocusMoves() {
        var model = Sample.model()
        model.press(.char("p"), .char(" "), .tab)
        model.type("tid-0123456789abcdef")
        model.press(.tab)
        model.type(Self.longSecret)
        #expect(model.screen.line(containing: "> Token")?.contains("Ctrl-R shows it") == true)
        model.press(.ctrlR)
        var screen = model.screen
        #expect(screen.line(containing: "> Token")?.contains(String(Self.longSecret.suffix(30))) == true, "the box shows the end")
        #expect(screen.line(containing: "> Token")?.contains("Ctrl-R hides it") == true)
        #expect(screen.line(containing: "Token id")?.contains("[tid…(20 chars)") == true, "other fields stay masked")
        // Ctrl-R again hides it.
        model.press(.ctrlR)
        #expect(model.screen.line(containing: "> Token")?.contains("[eyJ…(42 chars)") == true)
        // Revealed, then focus moves away and back: masked again.
        model.press(.ctrlR, .tab, .backTab)
        #expect(model.accountForm?.revealed == nil)
        screen = model.screen
        #expect(screen.line(containing: "> Token")?.contains("[eyJ…(42 chars)") == true)
        Self.expectNoMoreThanThreeCharacters(of: Self.longSecret, on: screen)
        // Not on a field that is not secret.
        model.press(.backTab, .backTab)
        #expect(model.accountForm?.focus == .task)
        model.press(.ctrlR)
        #expect(model.accountForm?.revealed == nil)
    }

    @Test func aRevealEndsWhenTheFormCloses() {
        var model = loginForm(.apiKey)
        model.type(Self.longSecret)
        model.press(.ctrlR)
        #expect(model.screen.joined().contains(String(Self.longSecret.suffix(30))))
        model.press(.escape, .char("n"), .backTab, .char("3"), .tab)
        model.type(Self.longSecret)
        Self.expectNoMoreThanThreeCharacters(of: Self.longSecret, on: model.screen)
        // A refusal moves the focus to the refused field: the reveal ends.
        var login = Sample.model()
        login.press(.char("n"), .tab)
        login.type("s3cret-Word")
        login.press(.ctrlR)
        #expect(login.screen.line(containing: "> Password")?.contains("[s3cret-Word") == true)
        #expect(login.press(.enter).isEmpty)
        #expect(login.form?.focus == .email && login.form?.revealed == nil)
        login.press(.tab)
        #expect(login.screen.line(containing: "> Password")?.contains("[***********  ") == true)
        #expect(!login.screen.joined().contains("s3cret"))
    }

    @Test func theRevealKeyIsListedOnBothForms() {
        var model = Sample.model()
        model.press(.char("n"))
        // The log-in form offers it on a secret field (the password), not on the email.
        #expect(!model.screen[28].contains("Ctrl-R"))
        model.press(.tab)
        #expect(model.screen[28].contains("Ctrl-R show/hide"))
        model.press(.escape, .char("p"))
        #expect(model.screen[28].contains("Ctrl-R show/hide secret"))
    }

    @Test func aNarrowBoxKeepsTheWholeLength() {
        var model = Sample.model(width: 40, height: 12)
        model.press(.char("n"), .backTab, .char("3"), .tab)
        model.type(Self.longSecret)
        let row = model.screen.line(containing: "> API key")
        // Ten columns: the prefix and the word go before any digit of the length does.
        #expect(row?.contains("[…(42)     ]") == true, "\(row ?? "")")
    }

    @Test func formDescriptionsNeverShowSecrets() {
        var model = Sample.model()
        model.press(.char("p"), .char(" "), .tab)
        model.type("tid-0123456789")
        model.press(.tab)
        model.type(Self.longSecret)
        model.press(.tab)
        model.type("Wq8Lm3Tz7Vx2")
        let form = try! #require(model.accountForm)
        for text in [String(describing: form), String(reflecting: form), String(describing: model.mode), String(reflecting: model)] {
            for secret in ["tid-0123456789", Self.longSecret, "Wq8Lm3Tz7Vx2"] { #expect(!text.contains(secret), "\(text)") }
        }
        var login = loginForm(.customJWT)
        login.type(Self.longSecret)
        #expect(!String(reflecting: login).contains(Self.longSecret))
    }

    /// No four characters of `secret` in a row anywhere on the screen.
    static func expectNoMoreThanThreeCharacters(
        of secret: String, on screen: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let characters = Array(secret)
        let text = screen.joined(separator: "\n")
        let leaked = (0...(characters.count - 4)).map { String(characters[$0..<$0 + 4]) }.filter { text.contains($0) }
        #expect(leaked.isEmpty, "\(leaked) of the secret on the screen:\n\(text)", sourceLocation: sourceLocation)
    }
}
