import RosterTUI
import Testing

/// A result changes only the screen that sent its request: a form being typed into is never
/// closed by something else finishing, and a form waiting on its request sends it only once.
@Suite struct ResultOriginTests {
    /// The case that sent keystrokes of a password to the user list: `r`, then `n`, typing,
    /// and the refresh finishes.
    @Test func aRefreshFinishingLeavesTheLogInFormBeingTypedInto() {
        var model = Sample.model()
        #expect(model.press(.char("r")) == [.list(.refreshCustomData(id: Sample.joe.id))])
        model.press(.char("n"))
        model.type("joe@example.com")
        model.press(.tab)
        model.type("pass")
        #expect(update(&model, .operationFinished("Custom data of joe@example.com refreshed", for: .list(.refreshCustomData(id: Sample.joe.id)))) == [.reload])
        #expect(model.form != nil, "the form stays up")
        // The rest of the password still goes into the form, not to the list (where `o` logs
        // out and Enter switches).
        let typed = model.type("w0rd")
        #expect(typed.isEmpty)
        #expect(model.press(.enter) == [.loginForm(.login(LoginRequest(provider: .emailPassword, email: "joe@example.com", secret: "passw0rd")))])
        #expect(model.status?.text == "Logging in…")
    }

    @Test func aFailureElsewhereLeavesTheFormWaitingOnItsOwnRequest() {
        var model = Sample.model()
        model.fillLogIn(email: "joe@example.com", password: "passw0rd")
        let sent = model.press(.enter)
        #expect(update(&model, .operationFailed("cannot reach the server", for: .list(.refreshCustomData(id: Sample.joe.id)))) == [])
        #expect(model.form?.sent == sent.first, "still waiting on the log-in")
        #expect(model.press(.enter).isEmpty, "sent once, not twice")
        #expect(model.status?.text == "Still working; wait for the last operation")
        _ = update(&model, .operationFinished("Logged in joe@example.com", for: sent[0]))
        #expect(model.mode == .list)
    }

    @Test func aFailedRequestLetsItsFormSendAgain() {
        var model = Sample.model()
        model.fillLogIn(email: "joe@example.com", password: "wrong")
        let sent = model.press(.enter)
        #expect(model.press(.enter).isEmpty)
        _ = update(&model, .operationFailed("wrong email or password", for: sent[0]))
        #expect(model.form != nil && model.form?.sent == nil)
        #expect(model.press(.enter) == sent, "corrected or not, it may be sent again")
    }

    @Test func anEarlierFormsResultDoesNotCloseANewOne() {
        var model = Sample.model()
        model.fillLogIn(email: "joe@example.com", password: "passw0rd")
        let first = model.press(.enter)
        model.press(.escape)
        model.press(.char("n"))
        model.type("emma@example.com")
        _ = update(&model, .operationFinished("Logged in joe@example.com", for: first[0]))
        #expect(model.form?.fields.contains(.email) == true)
        #expect(model.screen.line(containing: "emma@example.com") != nil, "the new form keeps what was typed")
    }
}
