import Foundation
import RosterCore
import RosterServer
import RosterServerCore
import RosterTUI
import RosterWire
import Testing

extension Model {
    var editor: DataEditor? {
        if case .dataEditor(let editor) = mode { return editor }
        return nil
    }
}

extension DataEditor {
    /// The value being typed, if one is.
    var typedValue: ValueEntry? {
        if case .value(let entry) = typing { return entry }
        return nil
    }
}

/// `e`: edit the selected user's custom data as fields, then save it as one update.
@Suite struct DataEditorTests {
    @Test func theDetailPaneSaysHowOldTheDataIsAndHowToRefreshAndEdit() {
        let model = Sample.model()
        // Joe's token was issued 12 minutes ago.
        #expect(model.screen.line(containing: "custom data as of 12 min ago · r refreshes · e edits") != nil)
        var fresh = Sample.model()
        var rows = fresh.list.users
        rows[0].customDataIssuedAt = Sample.now.addingTimeInterval(-60)
        fresh.list.setUsers(rows)
        #expect(fresh.screen.line(containing: "custom data as of 1 min ago · e edits") != nil)
    }

    /// The editor lists fields in the document's order, the order the detail pane shows.
    @Test func theEditorListsFieldsInTheDocumentsOrder() {
        var model = Sample.model()
        var rows = model.list.users
        rows[0].customData = ["zeta": 1, "userId": "64a1joe", "alpha": "first by name"]
        model.list.setUsers(rows)
        let pane = model.screen
        let paneOrder = ["zeta", "userId", "alpha"].map { key in pane.firstIndex { $0.contains("\"\(key)\"") || $0.contains(key + ":") } ?? -1 }
        #expect(paneOrder == paneOrder.sorted() && !paneOrder.contains(-1), "\(pane)")
        model.press(.char("e"))
        #expect(model.editor?.fields.map(\.key) == ["zeta", "userId", "alpha"])
    }

    // BEHAVIOURS 33
    @Test func fieldsAreChangedAddedAndRemovedThenSavedAsOneUpdate() {
        var model = Sample.model()
        let joe = try! #require(model.list.selectedUser)
        model.press(.char("e"))
        #expect(model.editor?.fields.map(\.key) == ["favoriteColor", "userId"])
        #expect(model.screen.line(containing: "Custom data of joe@example.com") != nil)
        #expect(model.screen.line(containing: "favoriteColor")?.contains("blue") == true)
        #expect(model.press(.char("s")).isEmpty)
        #expect(model.status?.text == "Nothing to save")

        // Change a value: typed text that is not JSON stays text.
        model.press(.enter)
        #expect(model.editor?.typedValue == DataEditor.ValueEntry(key: "favoriteColor", original: "blue"))
        #expect(model.editor?.typedValue?.text == "blue")
        for _ in 0..<4 { model.press(.backspace) }
        model.type("sea green")
        model.press(.enter)
        // Add fields: JSON is read as JSON.
        model.press(.char("a"))
        model.type("shift")
        model.press(.enter)
        model.type("3")
        model.press(.enter)
        model.press(.char("a"))
        model.type("preferences")
        model.press(.enter)
        model.type(#"{"theme": "dark"}"#)
        model.press(.enter)
        #expect(model.screen.line(containing: "~ shift")?.contains("3") == true)
        // New fields go at the end, in the order added, as a `$set` puts them and the pane shows them.
        #expect(model.editor?.fields.map(\.key) == ["favoriteColor", "userId", "shift", "preferences"])
        #expect(model.editor?.selectedField?.key == "preferences")
        // Removing a field just added simply drops it.
        let shift = try! #require(model.editor?.fields.firstIndex { $0.key == "shift" })
        model.press(.char("g"))
        while model.editor?.selection ?? 0 < shift { model.press(.down) }
        model.press(.char("d"))
        #expect(model.status?.text == "'shift' dropped")
        #expect(model.screen.line(containing: "removed:") == nil)
        // The user-id field is shown read-only.
        model.press(.char("g"), .down)
        #expect(model.editor?.selectedField?.key == "userId")
        #expect(model.screen.line(containing: "userId")?.contains("user id") == true)
        #expect(model.screen.line(containing: "(read-only)") != nil)
        model.press(.char("d"))
        #expect(model.status?.text == "'userId' holds the user's id; it is read-only")
        model.press(.enter)
        #expect(model.editor?.typing == nil && model.status?.isError == true)
        // A nested field by its path.
        model.press(.char("a"))
        model.type("preferences.theme")
        model.press(.enter)
        #expect(model.editor?.typedValue?.original == "dark", "the value there, to change")
        #expect(model.editor?.typedValue?.text == "", "typed anew, not appended to 'dark'")
        #expect(model.status?.text == "'preferences.theme' holds \"dark\"; type its new value")
        model.type("light")
        model.press(.enter)
        model.press(.char("a"))
        model.type("preferences.size.width")
        model.press(.enter)
        model.type("80")
        model.press(.enter)
        model.press(.char("a"))
        model.type("favoriteColor.shade")
        model.press(.enter)
        #expect(model.status?.text == "'favoriteColor' is text, not an object")
        model.press(.escape)

        let effects = model.press(.char("s"))
        #expect(effects == [.saveCustomData(owner: joe.id, update: [
            "$set": ["favoriteColor": "sea green", "preferences": ["theme": "light", "size": ["width": 80]]],
        ])])
        _ = update(&model, .operationFinished("Saved", for: effects[0]))
        #expect(model.mode == .list)
    }

    @Test func badNamesAreRefusedAndEscLeavesWithoutSaving() {
        var model = Sample.model()
        model.press(.char("e"), .char("a"))
        model.press(.enter)
        #expect(model.status?.isError == true && model.editor?.typing == .newKey(""))
        model.type("$where")
        model.press(.enter)
        #expect(model.status?.text.contains("none empty or starting with $") == true)
        for _ in 0..<6 { model.press(.backspace) }
        model.type("favoriteColor")
        model.press(.enter)
        #expect(model.status?.text.contains("already a field") == true)
        model.press(.escape)
        #expect(model.editor?.typing == nil)
        // Unsaved changes are not dropped without a word: Esc asks, Cancel first.
        model.press(.char("d"), .escape)
        #expect(model.editor?.closing?.dialog.buttons == ["Cancel", "Save", "Discard"])
        #expect(model.screen.line(containing: "1 change is not saved.") != nil)
        model.press(.enter)
        #expect(model.editor?.closing == nil && model.editor?.hasChanges == true, "Cancel keeps editing")
        model.press(.escape, .right, .right)
        #expect(model.screen.line(containing: "[ Discard ]") != nil)
        model.press(.enter)
        #expect(model.mode == .list && model.status?.text == "Changes to the custom data dropped")

        var lapsed = Sample.model()
        lapsed.list.selection = lapsed.list.visibleUsers.firstIndex { !$0.isLoggedIn }!
        #expect(lapsed.press(.char("e")).isEmpty)
        #expect(lapsed.mode == .list && lapsed.status?.isError == true)
    }

    // BEHAVIOURS 31, 33, 34
    @Test func anAnonymousUserMakesTheirDocumentAndEmmaEditsHers() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        let emma = try await demo.app.login(credentials: .emailPassword(email: "emma@example.com", password: "pa55word"))
        let anonymous = try await demo.app.login(credentials: .anonymous)
        let switcher = try RunningSwitcher.start(demo)
        await switcher.waitFor("> * anonymous user")
        switcher.terminal.press(.char("e"))
        await switcher.waitFor("No fields yet. Press a to add one")
        switcher.terminal.press(.char("a"))
        switcher.terminal.type("favoriteColor")
        switcher.terminal.press(.enter)
        switcher.terminal.type("orange")
        switcher.terminal.press(.enter, .char("s"))
        await switcher.waitForShown("Saved the custom data of anonymous user")
        #expect(anonymous.customData["favoriteColor"] == "orange")
        #expect(anonymous.customData["userId"] == .string(anonymous.id))

        // Emma's document: change a nested object as JSON; trying to take the user-id field is refused.
        switcher.terminal.press(.down)
        await switcher.waitFor("> + emma@example.com")
        // Only the active user's data is open: e on Emma asks to switch first.
        switcher.terminal.press(.char("e"))
        await switcher.waitFor("Switch to emma@example.com first (Enter)")
        switcher.terminal.press(.enter)
        await switcher.waitForShown("Switched to emma@example.com")
        switcher.terminal.press(.char("e"))
        await switcher.waitFor("Custom data of emma@example.com")
        switcher.terminal.press(.char("a"))
        switcher.terminal.type("mood")
        switcher.terminal.press(.enter)
        switcher.terminal.type(#"{"level": 2}"#)
        switcher.terminal.press(.enter)
        // The user-id field cannot be changed or removed: the editor says so before the server would.
        // The fields in the document's order, `mood` added at the end: from the top, down to userId.
        let rows = try #require(emma.customData.objectValue.map { Array($0.keys) })
        let userId = try #require(rows.firstIndex(of: "userId"))
        switcher.terminal.press(.char("g"))
        for _ in 0..<userId { switcher.terminal.press(.down) }
        switcher.terminal.press(.enter)
        await switcher.waitForShown("error: 'userId' holds the user's id; it is read-only")
        switcher.terminal.press(.char("d"), .char("s"))
        await switcher.waitForShown("Saved the custom data of emma@example.com")
        #expect(emma.customData["mood"] == ["level": 2])
        // Unsaved changes are asked about.
        switcher.terminal.press(.char("e"))
        await switcher.waitFor("Custom data of emma@example.com")
        switcher.terminal.press(.char("d"), .escape)
        await switcher.waitFor("1 change is not saved.")
        switcher.terminal.press(.char("d"))
        await switcher.waitFor("Changes to the custom data dropped")
        #expect(emma.customData["userId"] == .string(emma.id))
        #expect(emma.customData["favoriteColor"] == "purple", "fields left alone keep their values")
        _ = try await switcher.quit()
    }

    /// `q` in the editor with changes asks before quitting; Save saves, and the editor closes
    /// once the save is done; without changes `q` quits at once.
    @Test func quittingWithUnsavedChangesAsksFirst() {
        var model = Sample.model()
        model.press(.char("e"))
        #expect(model.press(.char("q")) == [.quit], "nothing to lose")
        var editing = Sample.model()
        editing.press(.char("e"), .char("d"))
        #expect(editing.press(.char("q")).isEmpty)
        #expect(editing.screen.line(containing: "Save before quitting?") != nil)
        #expect(editing.press(.char("d")) == [.quit], "Discard quits")
        var saving = Sample.model()
        saving.press(.char("e"), .char("d"), .char("q"))
        let save = saving.press(.char("s"))
        #expect(save.count == 1)
        if case .saveCustomData(let owner, _)? = save.first { #expect(owner == Sample.joe.id) } else { Issue.record("not a save") }
        _ = update(&saving, .operationFinished("Saved", for: save[0]))
        #expect(saving.mode == .list)
    }
}
