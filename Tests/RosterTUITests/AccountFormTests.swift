import Foundation
import RosterCore
import RosterServer
import RosterServerCore
import RosterTUI
import RosterWire
import Testing

extension Model {
    var accountForm: AccountForm? {
        if case .account(let form) = mode { return form }
        return nil
    }
}

/// `p`: password reset and email confirmation from the switcher.
@Suite struct AccountFormTests {
    @Test func pOpensTheFormWithTheSelectedEmailAndEachTaskAsksForItsFields() {
        var model = Sample.model()
        let joe = try! #require(model.list.selectedUser)
        model.press(.char("p"))
        #expect(model.accountForm?.email == joe.email)
        #expect(model.accountForm?.fields == [.task, .email])
        #expect(model.screen.line(containing: "< send a password reset message >") != nil)
        let sent = model.press(.enter)
        #expect(sent == [.account(AccountRequest(task: .sendReset, email: joe.email!))])
        // Sent: the form goes on to setting the new password, without reopening.
        _ = update(&model, .operationFinished("sent", for: sent[0]))
        #expect(model.accountForm?.task == .resetPassword)
        #expect(model.accountForm?.fields == [.task, .tokenId, .token, .password, .passwordAgain])
        #expect(model.accountForm?.focus == .tokenId)
        #expect(model.press(.enter).isEmpty)
        #expect(model.accountForm?.errors == [
            .tokenId: "paste the token id from the message", .token: "paste the token from the message",
            .password: "enter the new password",
        ])
        #expect(model.accountForm?.focus == .tokenId)
        model.type("tid-1")
        model.press(.tab)
        model.type("tok-1")
        model.press(.tab)
        model.type("new-secret-9")
        #expect(model.screen.line(containing: "> Password")?.contains("************") == true)
        #expect(!model.screen.joined().contains("new-secret-9"))
        // The new password is asked for twice.
        model.press(.tab)
        model.type("new-secret-8")
        #expect(model.press(.enter).isEmpty)
        #expect(model.accountForm?.errors == [.passwordAgain: "not the same password"])
        model.press(.ctrlU)
        model.type("new-secret-9")
        let reset = model.press(.enter)
        #expect(reset == [.account(AccountRequest(task: .resetPassword, tokenId: "tid-1", token: "tok-1", password: "new-secret-9"))])
        #expect(!String(describing: reset).contains("tok-1") && !String(describing: reset).contains("new-secret-9"))
        _ = update(&model, .operationFailed("invalid token data", for: reset[0]))
        #expect(model.accountForm != nil, "a refusal keeps the form and what was typed")

        model.press(.backTab, .backTab, .backTab, .backTab, .char(" "))
        #expect(model.accountForm?.task == .confirmEmail && model.accountForm?.fields == [.task, .tokenId, .token])
        model.press(.char(" "))
        #expect(model.accountForm?.task == .resendConfirmation)
        model.press(.tab)
        for _ in 0..<40 { model.press(.backspace) }
        model.type("not-an-email")
        #expect(model.press(.enter).isEmpty)
        #expect(model.accountForm?.errors[.email] == "not an email address (like joe@example.com)")
        model.press(.escape)
        #expect(model.mode == .list && model.status?.text == "Nothing sent")
    }

    /// A message this device can read (the embedded default's outbox) fills in its token, only
    /// on the form that goes on from the request that made it, and never over typed text.
    @Test func aMessageReadFromTheOutboxFillsInItsToken() {
        var model = Sample.model()
        model.press(.char("p"))
        let sent = model.press(.enter)
        let joe = try! #require(model.accountForm?.email)
        _ = update(&model, .operationFinished("sent", for: sent[0]))
        let elsewhere = AccountMessage(kind: .reset, to: "someone@example.com", tokenId: "tid-0", token: "tok-0")
        _ = update(&model, .accountMessageRead(elsewhere, for: sent[0]))
        #expect(model.accountForm?.tokenId == "", "a message to someone else")
        let message = AccountMessage(kind: .reset, to: joe.uppercased(), tokenId: "tid-1", token: "tok-1")
        #expect(!String(describing: message).contains("tok-1"))
        _ = update(&model, .accountMessageRead(message, for: sent[0]))
        #expect(model.accountForm?.tokenId == "tid-1" && model.accountForm?.token == "tok-1")
        #expect(model.accountForm?.focus == .password)
        #expect(model.status?.text.contains("its token is filled in") == true)
        #expect(!model.screen.joined().contains("tok-1"), "masked")

        // Sending the confirmation again goes on to confirming, with its token when it is read.
        var again = Sample.model()
        again.press(.char("p"), .char(" "), .char(" "), .char(" "))
        #expect(again.accountForm?.task == .resendConfirmation)
        let resent = again.press(.enter)
        _ = update(&again, .operationFinished("sent again", for: resent[0]))
        #expect(again.accountForm?.task == .confirmEmail && again.accountForm?.focus == .tokenId)
        again.type("typed-id")
        _ = update(&again, .accountMessageRead(AccountMessage(kind: .confirm, to: joe, tokenId: "tid-2", token: "tok-2"), for: resent[0]))
        #expect(again.accountForm?.tokenId == "typed-id", "what was typed stays")
    }

    /// The newest message of `kind` in the demo server's outbox: its token id and token.
    func message(_ kind: String, in demo: DemoServer) throws -> (tokenId: String, token: String) {
        let outbox = demo.directory.appendingPathComponent("outbox/\(demo.appId)")
        let files = try FileManager.default.contentsOfDirectory(at: outbox, includingPropertiesForKeys: nil).sorted { $0.path < $1.path }
        for file in files.reversed() {
            let message = try JSONValue(parsing: Data(contentsOf: file))
            if message["kind"]?.stringValue == kind, let id = message["tokenId"]?.stringValue, let token = message["token"]?.stringValue {
                return (id, token)
            }
        }
        throw CancellationError()
    }

    @Test func confirmThenResetThroughTheFormsAgainstTheRealServer() async throws {
        let demo = try await DemoServer.start { config in
            config.providers.emailPassword = EmailPasswordConfig(confirmation: .token)
        }
        defer { demo.remove() }
        let switcher = try RunningSwitcher.start(demo, outbox: "the test's outbox")
        let terminal = switcher.terminal

        // A new account waits for its confirmation.
        terminal.press(.char("n"))
        terminal.type("ada@example.com")
        terminal.press(.tab)
        terminal.type("first-secret-1")
        terminal.press(.tab)
        terminal.type(" ")
        // A new account's password is typed twice.
        terminal.press(.tab)
        terminal.type("first-secret-1")
        terminal.press(.enter)
        await switcher.waitFor("error:")
        terminal.press(.escape)

        // Confirm with the token from the message; the form says where messages go.
        let confirmation = try message("confirm", in: demo)
        terminal.press(.char("p"))
        await switcher.waitFor("Messages go to the test's outbox.")
        terminal.press(.char(" "), .char(" "), .tab)
        terminal.type(confirmation.tokenId)
        terminal.press(.tab)
        terminal.type(confirmation.token)
        terminal.press(.enter)
        await switcher.waitForShown("Email confirmed; it can log in now")
        // The same token again: refused in words, the form stays.
        terminal.press(.char("p"), .char(" "), .char(" "), .tab)
        terminal.type(confirmation.tokenId)
        terminal.press(.tab)
        terminal.type(confirmation.token)
        terminal.press(.enter)
        await switcher.waitFor("error: ")
        await switcher.waitFor("Password reset and email confirmation")
        terminal.press(.escape)

        // Ask for a reset, then set the new password with its token.
        terminal.press(.char("p"), .tab)
        terminal.type("ada@example.com")
        terminal.press(.enter)
        await switcher.waitForShown("If ada@example.com has an account, a reset message is on its way")
        // The form goes on to the new password by itself.
        await switcher.waitFor("< set a new password (token from the message) >")
        let reset = try message("reset", in: demo)
        terminal.type(reset.tokenId)
        terminal.press(.tab)
        terminal.type(reset.token)
        terminal.press(.tab)
        terminal.type("second-secret-2")
        terminal.press(.tab)
        terminal.type("second-secret-2")
        terminal.press(.enter)
        await switcher.waitForShown("Password changed; log in with the new one")
        _ = try await switcher.quit()

        let old = await #expect(throws: RosterError.self) {
            try await demo.app.login(credentials: .emailPassword(email: "ada@example.com", password: "first-secret-1"))
        }
        #expect(old?.serverCode == .invalidPassword)
        let ada = try await demo.app.login(credentials: .emailPassword(email: "ada@example.com", password: "second-secret-2"))
        #expect(ada.profile.email == "ada@example.com")
    }
}
