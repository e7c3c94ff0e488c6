import Foundation
import RosterCore
import RosterTUI
import RosterWire
import Testing

extension Model {
    var keysScreen: KeysScreen? {
        if case .apiKeys(let screen) = mode { return screen }
        return nil
    }
}

/// `a`: the selected user's API keys - list, make (the key shown once), enable, disable, delete.
@Suite struct KeysScreenTests {
    static let rows = [APIKeyRow(id: "k1", name: "ci", disabled: false), APIKeyRow(id: "k2", name: "kiosk", disabled: true)]

    func openKeys() -> (Model, UserRow) {
        var model = Sample.model()
        let joe = model.list.selectedUser!
        #expect(model.press(.char("a")) == [.keys(.load(owner: joe.id))])
        return (model, joe)
    }

    @Test func aOpensTheKeysOfTheSelectedLoggedInUser() {
        var (model, joe) = openKeys()
        #expect(model.keysScreen?.owner == UserTarget(id: joe.id, name: joe.displayName))
        #expect(model.screen.line(containing: "Reading the keys from the server") != nil)
        _ = update(&model, .apiKeysLoaded(owner: joe.id, Self.rows))
        let screen = model.screen
        #expect(screen.line(containing: "API keys of \(joe.displayName)") != nil)
        #expect(screen.line(containing: "> ci")?.contains("enabled") == true)
        #expect(screen.line(containing: "kiosk")?.contains("disabled") == true)
        // Keys of another owner (a late answer) are not shown here.
        _ = update(&model, .apiKeysLoaded(owner: "someone-else", []))
        #expect(model.keysScreen?.keys == Self.rows)
        model.press(.escape)
        #expect(model.mode == .list)

        var lapsed = Sample.model()
        lapsed.list.selection = lapsed.list.visibleUsers.firstIndex { !$0.isLoggedIn }!
        #expect(lapsed.press(.char("a")).isEmpty)
        #expect(lapsed.status?.isError == true && lapsed.mode == .list)
    }

    @Test func spaceTogglesAndDeleteWaitsForYes() {
        var (model, joe) = openKeys()
        _ = update(&model, .apiKeysLoaded(owner: joe.id, Self.rows))
        _ = update(&model, .operationFinished("loaded", for: .keys(.load(owner: joe.id))))
        #expect(model.press(.char(" ")) == [.keys(.setEnabled(owner: joe.id, keyId: "k1", enabled: false))])
        _ = update(&model, .operationFinished("Disabled", for: .keys(.setEnabled(owner: joe.id, keyId: "k1", enabled: false))))
        model.press(.down)
        #expect(model.press(.char("e")) == [.keys(.setEnabled(owner: joe.id, keyId: "k2", enabled: true))])
        _ = update(&model, .operationFinished("Enabled", for: .keys(.setEnabled(owner: joe.id, keyId: "k2", enabled: true))))
        #expect(model.press(.char("d")).isEmpty)
        // A modal dialog, as for removing a user, not a red line at the bottom; Keep first.
        #expect(model.keysScreen?.deleting?.buttons == ["Keep", "Delete"])
        #expect(model.screen.line(containing: "│ Delete API key 'kiosk'?") != nil)
        #expect(model.screen.line(containing: "[ Keep ]") != nil)
        #expect(model.status == nil, "the question is the dialog's alone")
        #expect(model.press(.enter).isEmpty, "Enter on Keep keeps it")
        #expect(model.status?.text == "Nothing deleted")
        model.press(.char("d"))
        #expect(model.press(.char("n")).isEmpty)
        #expect(model.status?.text == "Nothing deleted")
        model.press(.char("d"), .right)
        #expect(model.screen.line(containing: "[ Delete ]") != nil)
        #expect(model.press(.escape).isEmpty && model.keysScreen?.deleting == nil)
        model.press(.char("d"))
        #expect(model.press(.char("y")) == [.keys(.delete(owner: joe.id, keyId: "k2"))])
        // One operation at a time.
        #expect(model.press(.char(" ")).isEmpty)
        #expect(model.status?.text == "Still working; wait for the last operation")
    }

    @Test func aNewKeyIsNamedMadeAndShownOnceThenForgotten() {
        var (model, joe) = openKeys()
        _ = update(&model, .apiKeysLoaded(owner: joe.id, Self.rows))
        _ = update(&model, .operationFinished("loaded", for: .keys(.load(owner: joe.id))))
        model.press(.char("n"))
        #expect(model.screen.line(containing: "New key's name") != nil)
        #expect(model.press(.enter).isEmpty)
        #expect(model.status?.text == "Type a name for the key")
        model.type("ci")
        #expect(model.press(.enter).isEmpty)
        #expect(model.status?.text.contains("already has a key named 'ci'") == true)
        model.press(.backspace, .backspace)
        model.type(" laptop ")
        #expect(model.press(.enter) == [.keys(.create(owner: joe.id, name: "laptop"))])
        let secret = String(repeating: "abcdef0123456789", count: 8)
        _ = update(&model, .apiKeyCreated(owner: joe.id, CreatedKey(name: "laptop", secret: secret)))
        let shown = model.screen.joined(separator: "\n")
        #expect(shown.contains("New API key 'laptop': copy it now, it is not shown again."))
        #expect(shown.replacingOccurrences(of: "│", with: "").replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "")
            .contains(secret), "the whole key is on screen, wrapped")
        #expect(!String(describing: model).contains(secret), "descriptions hide the key")
        // Any key puts it away; it is gone from the model and the screen.
        #expect(model.press(.char("j")).isEmpty)
        #expect(model.keysScreen?.created == nil)
        #expect(!model.screen.joined().contains(secret.prefix(16)))
    }

    @Test func theKeysScreenClosesWhenItsOwnerLeaves() {
        var (model, joe) = openKeys()
        _ = update(&model, .usersLoaded(Sample.all.filter { $0.id != joe.id }))
        #expect(model.mode == .list)
    }

    // BEHAVIOURS 5, 7
    @Test func keysAreMadeDisabledAndDeletedOnTheRealServer() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        let joe = try await demo.app.login(credentials: .emailPassword(email: "joe@example.com", password: "passw0rd"))
        let switcher = try RunningSwitcher.start(demo)
        await switcher.waitFor("> * joe@example.com")
        switcher.terminal.press(.char("a"))
        await switcher.waitFor("No API keys yet. Press n to make one.")
        switcher.terminal.press(.char("n"))
        switcher.terminal.type("kiosk")
        switcher.terminal.press(.enter)
        await switcher.waitFor("New API key 'kiosk'")
        let keys = try await joe.apiKeysAuth.list()
        #expect(keys.map(\.name) == ["kiosk"])
        // The key on screen logs Joe in.
        let lines = switcher.terminal.lines
        let start = try #require(lines.firstIndex { $0.contains("New API key 'kiosk'") })
        let end = try #require(lines.firstIndex { $0.contains("It logs in as") })
        let secret = lines[(start + 1)..<end].map { $0.replacingOccurrences(of: "│", with: "").trimmingCharacters(in: .whitespaces) }.joined()
        let second = try demo.secondDevice()
        #expect(try await second.login(credentials: .userAPIKey(secret)).id == joe.id)

        switcher.terminal.press(.char("x"))
        await switcher.waitForNo("New API key")
        switcher.terminal.press(.char(" "))
        await switcher.waitForShown("Disabled API key 'kiosk'")
        await switcher.waitFor("disabled")
        #expect(try await joe.apiKeysAuth.list().first?.disabled == true)
        let refused = await #expect(throws: RosterError.self) { try await second.login(credentials: .userAPIKey(secret)) }
        #expect(refused?.description.contains(secret) == false)
        switcher.terminal.press(.char("d"), .char("y"))
        await switcher.waitForShown("Deleted the API key")
        await switcher.waitFor("No API keys yet.")
        #expect(try await joe.apiKeysAuth.list().isEmpty)
        switcher.terminal.press(.escape)
        await switcher.waitFor("> * joe@example.com")
        _ = try await switcher.quit()
    }
}
