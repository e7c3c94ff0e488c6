import RosterTUI
import Testing

@Suite struct FilterTests {
    @Test func slashFiltersLiveAndEnterKeepsTheFilter() {
        var model = Sample.model()
        model.press(.char("/"))
        model.type("EMMA")
        #expect(model.list.visibleUsers.map(\.id) == [Sample.emma.id])
        #expect(model.list.selectedUser?.id == Sample.emma.id)
        model.press(.enter)
        #expect(!model.list.isEditingFilter)
        #expect(model.list.filter == "EMMA")
        // Letters act as keys again once the filter is kept.
        #expect(model.press(.char("o")) == [.list(.logOut(id: Sample.emma.id))])
    }

    @Test func escapeClearsTheFilter() {
        var model = Sample.model()
        model.press(.char("/"))
        model.type("zo")
        model.press(.backspace)
        #expect(model.list.filter == "z")
        model.press(.escape)
        #expect(model.list.filter == "")
        #expect(model.list.visibleUsers.count == Sample.all.count)
        model.press(.char("/"))
        model.type("張")
        model.press(.enter, .escape)
        #expect(model.list.filter == "")
    }

    @Test func filterDropsControlCharactersAndIsCapped() {
        var model = Sample.model()
        model.press(.char("/"))
        model.type("a\nb\u{1B}" + String(repeating: "x", count: 200))
        #expect(model.list.filter.hasPrefix("abx"))
        #expect(model.list.filter.count == UserList.maxFilterLength)
    }

    @Test func filterMatchingNothingSaysSo() {
        var model = Sample.model()
        model.press(.char("/"))
        model.type("nobody")
        #expect(model.list.selectedUser == nil)
        #expect(model.screen.line(containing: "No user matches \"nobody\".") != nil)
        #expect(model.screen[0].contains("filter: /nobody_"))
    }
}

@Suite struct HelpTests {
    @Test func questionMarkListsTheKeysOfTheList() {
        var model = Sample.model()
        model.press(.char("?"))
        #expect(model.help == HelpBox(.list))
        model.press(.char("G"))
        let screen = model.screen + { model.press(.char("g")); return model.screen }()
        for key in ["↑/↓ j/k", "g/G", "Enter", "n", "o", "x", "r", "/", "q", "Ctrl-C"] {
            #expect(screen.contains { $0.contains("│   \(key) ") }, "help lists \(key)")
        }
        #expect(screen.line(containing: "remove from this device") != nil)
    }

    @Test func escapeOrQuestionMarkGoesBack() {
        var model = Sample.model()
        model.press(.char("?"), .escape)
        #expect(model.help == nil)
        model.press(.char("?"), .char("?"))
        #expect(model.help == nil)
        model.press(.char("?"))
        #expect(model.press(.char("j")).isEmpty)
        #expect(model.help != nil && model.list.selection == 0, "j scrolls the help, not the list")
        #expect(model.press(.char("q")) == [.quit])
    }
}

@Suite struct ConfirmRemoveTests {
    @Test func xAsksNamingTheUserWithCancelAsDefault() {
        var model = Sample.model()
        model.press(.down, .char("x"))
        #expect(model.mode == .confirm(Confirmation(.remove, userId: Sample.emma.id)))
        let screen = model.screen
        #expect(screen.line(containing: "Remove emma@example.com from this device?") != nil)
        #expect(screen.line(containing: "[ Cancel ]    Remove") != nil)
        #expect(model.press(.enter).isEmpty)
        #expect(model.mode == .list)
        #expect(model.status?.text == "Nothing removed")
    }

    @Test func tabThenEnterRemoves() {
        var model = Sample.model()
        model.press(.down, .char("x"), .tab)
        #expect(model.screen.line(containing: "Cancel    [ Remove ]") != nil)
        #expect(model.press(.enter) == [.list(.remove(id: Sample.emma.id))])
        #expect(model.mode == .list)
        #expect(model.isBusy)
    }

    @Test func yRemovesAndEscapeOrNCancels() {
        var model = Sample.model()
        model.press(.char("x"))
        #expect(model.press(.char("y")) == [.list(.remove(id: Sample.joe.id))])
        for cancel: Key in [.escape, .char("n")] {
            var other = Sample.model()
            other.press(.char("x"))
            #expect(other.press(cancel).isEmpty)
            #expect(other.mode == .list)
        }
    }

    @Test func otherKeysOnTheDialogDoNothing() {
        var model = Sample.model()
        model.press(.char("x"))
        #expect(model.press(.char("o"), .char("r"), .backspace, .char("g")).isEmpty)
        #expect(model.mode == .confirm(Confirmation(.remove, userId: Sample.joe.id)))
    }
}

@Suite struct ConfirmDeleteTests {
    @Test func dAsksNamingTheUserWithCancelAsDefault() {
        var model = Sample.model()
        model.press(.down, .char("d"))
        #expect(model.mode == .confirm(Confirmation(.delete, userId: Sample.emma.id)))
        let screen = model.screen
        #expect(screen.line(containing: "Delete the account of emma@example.com on the server?") != nil)
        #expect(screen.line(containing: "[ Cancel ]    Delete") != nil)
        #expect(screen[28] == "Tab choose · Enter confirm · y delete · Esc cancel")
        #expect(model.press(.enter).isEmpty)
        #expect(model.status?.text == "Nothing deleted")
        model.press(.char("d"), .tab)
        #expect(model.screen.line(containing: "Cancel    [ Delete ]") != nil)
        #expect(model.press(.enter) == [.list(.delete(id: Sample.emma.id))])
        #expect(model.isBusy)
        #expect(model.status?.text == "Deleting the account of emma@example.com…")
    }

    @Test func aLoggedOutUserCannotBeDeletedFromHere() {
        var model = Sample.model()
        model.press(.down, .down)
        #expect(model.list.selectedUser?.id == Sample.zoe.id)
        #expect(model.press(.char("d")).isEmpty)
        #expect(model.mode == .list)
        #expect(model.status == StatusMessage("Log Zoë in to delete its account", isError: true))
    }

    @Test func helpListsDelete() {
        var model = Sample.model()
        model.press(.char("?"))
        #expect(model.screen.line(containing: "delete the account on the server") != nil)
    }
}
