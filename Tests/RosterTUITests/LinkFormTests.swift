import Foundation
import RosterCore
import RosterTUI
import RosterWire
import Testing

/// `l`: link another log-in to the selected user, through the log-in form.
@Suite struct LinkFormTests {
    @Test func lOpensALinkingFormWithoutTheAnonymousChoice() {
        var model = Sample.model()
        let joe = try! #require(model.list.selectedUser)
        model.press(.char("l"))
        #expect(model.form?.linking == UserTarget(id: joe.id, name: joe.displayName))
        #expect(model.form?.choices.contains(.anonymous) == false)
        #expect(model.screen.line(containing: "Link another log-in to \(joe.displayName)") != nil)
        model.type("joe@work.example.com")
        model.press(.tab)
        model.type("s3cret-pass")
        let effects = model.press(.enter)
        #expect(effects == [.loginForm(.link(id: joe.id, LoginRequest(provider: .emailPassword, email: "joe@work.example.com", secret: "s3cret-pass")))])
        #expect(model.status?.text == "Linking email/password log-in to \(joe.displayName)…")
        // The server's list keeps anonymous out of a linking form.
        _ = update(&model, .providersLoaded([.anonymous, .google]))
        #expect(model.form?.choices == [.google, .googleAuthCode, .otherDevice])
    }

    /// A digit picks the same provider in the log-in form and the link form: email is 2 in
    /// both, though the link form offers no anonymous log-in (1 does nothing there).
    @Test func digitsPickTheSameProviderInBothForms() {
        var login = Sample.model()
        login.press(.char("n"))
        login.press(.backTab)
        #expect(login.form?.focus == .provider)
        login.type("2")
        let loginPick = login.form?.provider
        #expect(loginPick == .emailPassword)
        var link = Sample.model()
        link.press(.char("l"))
        link.press(.backTab)
        #expect(link.form?.focus == .provider)
        link.type("3")
        link.type("2")
        #expect(link.form?.provider == loginPick)
        link.type("1")
        #expect(link.form?.provider == .emailPassword, "1 is anonymous, not offered when linking")
        #expect(link.screen.line(containing: "2 email/password · 3 API key") != nil)
        #expect(link.screen.line(containing: "1 anonymous") == nil)
        // Esc says what was cancelled: the link, not a log-in.
        link.press(.escape)
        #expect(link.status?.text == "Linking to joe@example.com cancelled")
        login.press(.escape)
        #expect(login.status?.text == "Log-in cancelled")
    }

    // BEHAVIOURS 37
    @Test func aLoggedOutUserCannotBeLinked() {
        var model = Sample.model()
        let lapsed = try! #require(model.list.visibleUsers.firstIndex { !$0.isLoggedIn })
        model.list.selection = lapsed
        #expect(model.press(.char("l")).isEmpty)
        #expect(model.mode == .list)
        #expect(model.status?.isError == true && model.status?.text.contains("in to link") == true)
    }

    // BEHAVIOURS 36, 37
    @Test func anAnonymousUserLinkedToANewEmailIsKeptAfterLogOut() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        let anonymous = try await demo.app.login(credentials: .anonymous)
        let switcher = try RunningSwitcher.start(demo)
        await switcher.waitFor("anonymous user")
        switcher.terminal.press(.char("l"))
        await switcher.waitFor("Link another log-in to anonymous user")
        switcher.terminal.type("ann@example.com")
        switcher.terminal.press(.tab)
        switcher.terminal.type("ann-password-1")
        switcher.terminal.press(.tab)
        switcher.terminal.type(" ")
        switcher.terminal.press(.tab)
        switcher.terminal.type("ann-password-1")
        switcher.terminal.press(.enter)
        await switcher.waitForShown("Linked email/password log-in to")
        await switcher.waitFor("> * ann@example.com")
        #expect(Set(anonymous.identities.map(\.providerType)) == ["anon-user", "local-userpass"])

        // Someone else's email is refused and the form stays, with nothing linked.
        switcher.terminal.press(.char("l"))
        switcher.terminal.type("joe@example.com")
        switcher.terminal.press(.tab)
        switcher.terminal.type("passw0rd")
        switcher.terminal.press(.enter)
        await switcher.waitForShown("error: these credentials already belong to another user")
        await switcher.waitFor("Link another log-in to")
        switcher.terminal.press(.escape)
        await switcher.waitForShown("Linking to ann@example.com cancelled")

        // Logged out, the once-anonymous user stays on the device.
        switcher.terminal.press(.char("o"))
        await switcher.waitForShown("Logged out ann@example.com")
        #expect(switcher.terminal.lines.contains { $0.contains("ann@example.com") && $0.contains("email") })
        _ = try await switcher.quit()
        #expect(anonymous.state == .loggedOut)
        #expect(demo.app.allUsers.map(\.id) == [anonymous.id])
    }
}
