import Foundation
import RosterCore
import RosterServer
import RosterServerCore
import RosterTUI
import RosterWire
import Testing

/// The program loop with the session core and a real in-process server: what a person does on
/// the screen reaches the device store and the server, and comes back on screen.
@Suite struct ProgramTests {
    @Test func logInTwoUsersThroughTheFormSwitchLogOutAndRemove() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        let switcher = try RunningSwitcher.start(demo)
        await switcher.waitFor("No users yet. Press n to log in.")

        // BEHAVIOURS 1: a log-in through the form makes the user active.
        switcher.terminal.press(.char("n"))
        switcher.terminal.type("joe@example.com")
        switcher.terminal.press(.tab)
        switcher.terminal.type("passw0rd")
        #expect(switcher.terminal.lines.joined().contains("passw0rd") == false)
        switcher.terminal.press(.enter)
        await switcher.waitForShown("Logged in joe@example.com")
        await switcher.waitFor("* joe@example.com")

        switcher.terminal.press(.char("n"))
        switcher.terminal.type("emma@example.com")
        switcher.terminal.press(.tab)
        switcher.terminal.type("pa55word")
        switcher.terminal.press(.enter)
        await switcher.waitFor("* emma@example.com")
        await switcher.waitFor("+ joe@example.com")
        #expect(demo.app.currentUser?.displayName == "emma@example.com")

        // The user who just logged in is selected. Switch: select Joe and press Enter.
        await switcher.waitFor("> * emma@example.com")
        let joeLine = try #require(switcher.terminal.lines.firstIndex { $0.contains("+ joe@example.com") })
        let emmaLine = try #require(switcher.terminal.lines.firstIndex { $0.contains("* emma@example.com") })
        switcher.terminal.press(joeLine > emmaLine ? .down : .up, .enter)
        await switcher.waitForShown("Switched to joe@example.com")
        await switcher.waitFor("active: joe@example.com")
        #expect(demo.app.currentUser?.displayName == "joe@example.com")

        // Log Joe out with `o`: the store and the screen agree.
        switcher.terminal.press(.char("o"))
        await switcher.waitForShown("Logged out joe@example.com")
        await switcher.waitFor("- joe@example.com")
        #expect(demo.app.allUsers.first { $0.displayName == "joe@example.com" }?.state == .loggedOut)

        // Remove Joe: Cancel is the default, so Enter keeps him; Tab then Enter removes.
        switcher.terminal.press(.char("x"))
        await switcher.waitFor("Remove joe@example.com from this device?")
        switcher.terminal.press(.enter)
        await switcher.waitForShown("Nothing removed")
        #expect(demo.app.allUsers.count == 2)
        switcher.terminal.press(.char("x"), .tab, .enter)
        await switcher.waitForState("Joe gone from the device") { demo.app.allUsers.map(\.displayName) == ["emma@example.com"] }
        await switcher.waitForNo("- joe@example.com")

        _ = try await switcher.quit()
        #expect(switcher.terminal.isClosed)
    }

    @Test func aWrongPasswordIsShownInWordsAndChangesNothing() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        let switcher = try RunningSwitcher.start(demo)
        switcher.terminal.press(.char("n"))
        switcher.terminal.type("joe@example.com")
        switcher.terminal.press(.tab)
        switcher.terminal.type("wrong password")
        switcher.terminal.press(.enter)
        await switcher.waitForShown("error: wrong email or password")
        // Still on the form, nobody on the device.
        #expect(switcher.terminal.lines.contains { $0.contains("Log in") })
        #expect(demo.app.allUsers.isEmpty)
        let model = try await switcher.quitFromForm()
        #expect(model.list.users.isEmpty)
    }

    @Test func refreshShowsCustomDataChangedOnTheServer() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        let joe = try await demo.app.login(credentials: .emailPassword(email: "joe@example.com", password: "passw0rd"))
        let switcher = try RunningSwitcher.start(demo)
        await switcher.waitFor("\"favoriteColor\": \"green\"")

        // BEHAVIOURS 32: refreshing custom data fetches the document as the server holds it now.
        try await demo.server.admin.setCustomData(
            appId: demo.appId, userId: joe.id, document: ["userId": .string(joe.id), "favoriteColor": "teal"])
        switcher.terminal.press(.char("r"))
        await switcher.waitForShown("Custom data of joe@example.com refreshed")
        await switcher.waitFor("\"favoriteColor\": \"teal\"")
        _ = try await switcher.quit()
    }

    @Test func resizeRedrawsAtOnceAndTooSmallSaysWhatIsNeeded() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        _ = try await demo.app.login(credentials: .anonymous)
        let switcher = try RunningSwitcher.start(demo)
        await switcher.waitFor("│")
        switcher.terminal.resize(to: TerminalSize(width: 30, height: 8))
        await switcher.waitFor("Roster needs at least 40x10.")
        switcher.terminal.resize(to: TerminalSize(width: 60, height: 20))
        // One column: the rule between list and detail runs across the screen.
        await switcher.waitFor(String(repeating: "─", count: 60))
        #expect(switcher.terminal.screen.width == 60)
        let model = try await switcher.quit()
        #expect(model.size == TerminalSize(width: 60, height: 20))
    }

    @Test func ctrlCQuitsFromEveryScreen() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        let switcher = try RunningSwitcher.start(demo)
        switcher.terminal.press(.char("n"))
        await switcher.waitFor("Log in")
        switcher.terminal.press(.ctrlC)
        _ = try await switcher.finished.value
        #expect(switcher.terminal.isClosed)
    }

    @Test func movingTheSelectionRewritesOnlyTheChangedRows() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        _ = try await demo.app.login(credentials: .anonymous)
        _ = try await demo.app.login(credentials: .emailPassword(email: "joe@example.com", password: "passw0rd"))
        let switcher = try RunningSwitcher.start(demo, size: TerminalSize(width: 100, height: 30))
        await switcher.waitFor("> * joe@example.com")
        let before = switcher.terminal.drawCounts
        switcher.terminal.press(.down)
        await switcher.waitFor("> + anonymous user")
        let after = switcher.terminal.drawCounts
        // The two list rows and the detail pane change; the title, hints and status do not.
        #expect(after.rowsWritten - before.rowsWritten < 30 - 3)
        _ = try await switcher.quit()
    }
}

extension RunningSwitcher {
    /// Esc out of the form, then quit.
    func quitFromForm() async throws -> Model {
        terminal.press(.escape)
        return try await quit()
    }
}

/// Every provider of the form, and registering, against the real server.
@Suite struct ProgramProviderTests {
    @Test func anonymousJWTAndAPIKeyLogInsThroughTheForm() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        let owner = try await demo.app.login(credentials: .emailPassword(email: "emma@example.com", password: "pa55word"))
        let key = try await owner.apiKeysAuth.create(name: "kiosk")
        let apiKey = try #require(key.key)
        let jwt = try await demo.server.admin.mintCustomJWT(
            appId: demo.appId, subject: "kiosk-7", claims: ["name": "Zoë"], lifetime: 600)
        let switcher = try RunningSwitcher.start(demo)
        await switcher.waitFor("* emma@example.com")

        // BEHAVIOURS 3: anonymous, chosen with `1`.
        switcher.terminal.press(.char("n"), .backTab, .char("1"), .enter)
        await switcher.waitForShown("Logged in anonymous user")
        await switcher.waitFor("> * anonymous user")

        // Custom JWT, chosen with `4`; the token is pasted.
        switcher.terminal.press(.char("n"), .backTab, .char("4"), .tab)
        switcher.terminal.type(jwt)
        switcher.terminal.press(.enter)
        await switcher.waitForShown("Logged in Zoë")
        await switcher.waitFor("> * Zoë")
        #expect(!switcher.terminal.lines.joined().contains(jwt))

        // API key, chosen with `3`: the key logs in the user who made it.
        switcher.terminal.press(.char("n"), .backTab, .char("3"), .tab)
        switcher.terminal.type(apiKey)
        switcher.terminal.press(.enter)
        await switcher.waitForShown("Logged in emma@example.com")
        await switcher.waitFor("active: emma@example.com")
        _ = try await switcher.quit()
    }

    @Test func registeringANewEmailUserThroughTheForm() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        let switcher = try RunningSwitcher.start(demo)
        switcher.terminal.press(.char("n"))
        switcher.terminal.type("ada@example.com")
        switcher.terminal.press(.tab)
        switcher.terminal.type("analytical-1")
        switcher.terminal.press(.tab, .char(" "), .tab)
        switcher.terminal.type("analytical-1")
        switcher.terminal.press(.enter)
        await switcher.waitForShown("Registered and logged in ada@example.com")
        await switcher.waitFor("> * ada@example.com")

        // Registering the same email again is refused in words, and nothing changes.
        switcher.terminal.press(.char("n"))
        switcher.terminal.type("ada@example.com")
        switcher.terminal.press(.tab)
        switcher.terminal.type("analytical-1")
        switcher.terminal.press(.tab, .char(" "), .tab)
        switcher.terminal.type("analytical-1")
        switcher.terminal.press(.enter)
        await switcher.waitFor("error: ")
        #expect(try demo.app.userSnapshots().count == 1)
        _ = try await switcher.quitFromForm()
    }
}

/// Deleting an account from the switcher reaches the server.
@Suite struct ProgramDeleteTests {
    // BEHAVIOURS 38
    @Test func deleteAsksThenDeletesTheAccountOnTheServer() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        let joe = try await demo.app.login(credentials: .emailPassword(email: "joe@example.com", password: "passw0rd"))
        let switcher = try RunningSwitcher.start(demo)
        await switcher.waitFor("> * joe@example.com")
        switcher.terminal.press(.char("d"))
        await switcher.waitFor("Delete the account of joe@example.com on the server?")
        switcher.terminal.press(.escape)
        await switcher.waitForShown("Nothing deleted")
        #expect(try await demo.server.admin.findUser(appId: demo.appId, idOrEmail: joe.id) != nil)

        switcher.terminal.press(.char("d"), .char("y"))
        await switcher.waitForShown("Deleted the account of joe@example.com")
        await switcher.waitFor("No users yet.")
        #expect(try await demo.server.admin.findUser(appId: demo.appId, idOrEmail: joe.id) == nil)
        #expect(try demo.app.userSnapshots().isEmpty)
        _ = try await switcher.quit()
    }
}
