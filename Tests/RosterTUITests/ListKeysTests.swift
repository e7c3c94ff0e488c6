import Foundation
import RosterTUI
import Testing

/// The keys of the user list (README, "The switcher").
@Suite struct ListKeysTests {
    @Test func startsOnTheActiveUser() {
        var users = Sample.all
        users.swapAt(0, 2)
        let model = Model(users: users, now: Sample.now)
        #expect(model.list.selectedUser?.id == Sample.joe.id)
    }

    @Test func arrowsAndJKMoveWithinTheList() {
        var model = Sample.model()
        #expect(model.press(.down, .char("j")).isEmpty)
        #expect(model.list.selectedUser?.id == Sample.zoe.id)
        model.press(.up)
        #expect(model.list.selectedUser?.id == Sample.emma.id)
        model.press(.char("k"), .char("k"), .up)
        #expect(model.list.selection == 0)
        model.press(.char("G"))
        #expect(model.list.selectedUser?.id == Sample.lapsed.id)
        model.press(.down)
        #expect(model.list.selectedUser?.id == Sample.lapsed.id)
        model.press(.char("g"))
        #expect(model.list.selectedUser?.id == Sample.joe.id)
    }

    @Test func enterSwitchesToALoggedInUser() {
        var model = Sample.model()
        let effects = model.press(.down, .enter)
        #expect(effects == [.list(.switchUser(id: Sample.emma.id))])
        #expect(model.isBusy)
        #expect(model.status?.text == "Switching to emma@example.com…")
    }

    @Test func enterOnTheActiveUserSaysSo() {
        var model = Sample.model()
        #expect(model.press(.enter).isEmpty)
        #expect(model.status?.text == "joe@example.com is already the active user")
        #expect(!model.isBusy)
    }

    @Test func enterOnALoggedOutUserOpensTheFormWithItsEmail() {
        var model = Sample.model()
        #expect(model.press(.char("G"), .enter).isEmpty)
        let form = model.form
        #expect(form?.provider == .emailPassword)
        #expect(form?.email == "lapsed@example.com")
        #expect(form?.focus == .password)
    }

    @Test func enterOnALoggedOutJWTUserOpensTheFormOnItsProvider() {
        var model = Sample.model()
        model.press(.down, .down, .enter)
        #expect(model.form?.provider == .customJWT)
        #expect(model.form?.email == "")
        // The provider is known: the focus is on the first field to type, the token.
        #expect(model.form?.focus == .token)
        model.type("eyJ")
        #expect(model.form?.token == "eyJ")
    }

    @Test func oLogsOutTheSelectedUser() {
        var model = Sample.model()
        #expect(model.press(.char("o")) == [.list(.logOut(id: Sample.joe.id))])
        model.press(.down, .down)
        #expect(model.press(.char("o")).isEmpty)
        #expect(model.status?.text == "Zoë is already logged out")
    }

    @Test func rRefreshesCustomDataOfALoggedInUserOnly() {
        var model = Sample.model()
        #expect(model.press(.char("r")) == [.list(.refreshCustomData(id: Sample.joe.id))])
        model.press(.char("G"))
        #expect(model.press(.char("r")).isEmpty)
        #expect(model.status == StatusMessage("Log lapsed@example.com in to refresh its custom data", isError: true))
    }

    @Test func nOpensAnEmptyFormOnTheFirstFieldToType() {
        var model = Sample.model()
        model.press(.char("n"))
        #expect(model.form == LoginForm())
        #expect(model.form?.focus == .email)
        model.type("emma@example.com")
        #expect(model.form?.email == "emma@example.com")
    }

    @Test func qQuitsAndCtrlCQuitsFromEveryScreen() {
        var model = Sample.model()
        #expect(model.press(.char("q")) == [.quit])
        for opener: Key in [.char("n"), .char("x"), .char("?"), .char("/")] {
            var screen = Sample.model()
            screen.press(opener)
            #expect(screen.press(.ctrlC) == [.quit])
        }
    }

    @Test func keysThatMeanNothingDoNothing() {
        var model = Sample.model()
        let before = model
        #expect(model.press(.char("z"), .tab, .backTab, .backspace, .char("\u{1B}")).isEmpty)
        #expect(model == before)
    }

    @Test func keysOnAnEmptyListAreHarmless() {
        var model = Model(now: Sample.now)
        #expect(model.press(.up, .down, .char("G"), .enter, .char("o"), .char("x"), .char("r")).isEmpty)
        #expect(model.mode == .list)
        #expect(model.status?.isError == true)
    }

    @Test func resizeChangesTheSizeOnAnyScreen() {
        var model = Sample.model()
        model.press(.char("n"), .resize(width: 60, height: 20))
        #expect(model.size == TerminalSize(width: 60, height: 20))
        #expect(model.form != nil)
    }
}

/// Results of effects and the clock.
@Suite struct ResultTests {
    @Test func finishedOperationStopsTheSpinnerAndAsksForAReload() {
        var model = Sample.model()
        model.press(.down, .enter)
        #expect(update(&model, .operationFinished("Switched to emma@example.com", for: .list(.switchUser(id: Sample.emma.id)))) == [.reload])
        #expect(!model.isBusy)
        #expect(model.status == StatusMessage("Switched to emma@example.com"))
    }

    @Test func failureShowsItsReasonAndChangesNothingElse() {
        var model = Sample.model()
        model.press(.char("r"))
        let users = model.list.users
        #expect(update(&model, .operationFailed("The server cannot be reached; check the URL", for: .list(.refreshCustomData(id: Sample.joe.id)))).isEmpty)
        #expect(model.status == StatusMessage("The server cannot be reached; check the URL", isError: true))
        #expect(model.list.users == users)
        #expect(!model.isBusy)
    }

    @Test func usersLoadedKeepsTheSelectedUser() {
        var model = Sample.model()
        model.press(.down, .down)
        var reloaded = Sample.all
        reloaded.removeFirst()
        _ = update(&model, .usersLoaded(reloaded))
        #expect(model.list.selectedUser?.id == Sample.zoe.id)
        _ = update(&model, .usersLoaded([Sample.joe]))
        #expect(model.list.selectedUser?.id == Sample.joe.id)
    }

    @Test func tickSetsTheClockAndTurnsTheSpinnerOnlyWhenBusy() {
        var model = Sample.model()
        _ = update(&model, .tick(Sample.now.addingTimeInterval(5)))
        #expect(model.now == Sample.now.addingTimeInterval(5))
        #expect(model.spinnerFrame == 0)
        model.press(.char("r"))
        _ = update(&model, .tick(Sample.now.addingTimeInterval(6)))
        _ = update(&model, .tick(Sample.now.addingTimeInterval(7)))
        #expect(model.spinnerFrame == 2)
    }

    @Test func aRemovedUserClosesItsConfirmation() {
        var model = Sample.model()
        model.press(.down, .char("x"))
        _ = update(&model, .usersLoaded([Sample.joe]))
        #expect(model.mode == .list)
    }
}

/// `--sort name`: people stay in their places while others take turns.
@Suite struct ListOrderTests {
    @Test func byNameTheListStaysPutWhenTheActivePersonChanges() {
        var model = Sample.model()
        model.list.setOrder(.name)
        let names = model.list.visibleUsers.map(\.displayName)
        #expect(names == names.sorted { $0.lowercased() < $1.lowercased() }, "\(names)")
        let selected = model.list.selectedUser?.id
        // The device reads people last active first: a switch moves someone to the top.
        var recent = model.list.users
        recent.insert(recent.removeLast(), at: 0)
        model.list.setUsers(recent)
        #expect(model.list.visibleUsers.map(\.displayName) == names)
        #expect(model.list.selectedUser?.id == selected)
        // Recent order follows the device's order.
        model.list.setOrder(.recent)
        #expect(model.list.visibleUsers.map(\.id) == recent.map(\.id))
        #expect(model.list.selectedUser?.id == selected)
    }
}

/// `y` copies the selected person's id, as lazygit's and k9s's `y` copy.
@Suite struct CopyKeyTests {
    @Test func yAsksTheProgramToCopyTheSelectedId() {
        var model = Sample.model()
        let user = model.list.selectedUser!
        #expect(model.press(.char("y")) == [.copy(user.id)])
        #expect(model.status?.text == "Copied the id of \(user.displayName) (\(user.id)) to the clipboard")
        var empty = Model(now: Sample.now)
        #expect(empty.press(.char("y")).isEmpty)
        #expect(empty.status?.isError == true)
    }

    @Test func theProgramHandsTheCopyToTheTerminal() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        _ = try await demo.app.login(credentials: .emailPassword(email: "joe@example.com", password: "passw0rd"))
        let switcher = try RunningSwitcher.start(demo)
        await switcher.waitFor("* joe@example.com")
        switcher.terminal.press(.char("y"))
        await switcher.waitFor("Copied the id of joe@example.com")
        #expect(switcher.terminal.copied == [demo.app.currentUser?.id])
        switcher.terminal.press(.char("q"))
        _ = try await switcher.finished.value
    }
}

/// `f`: find as you type, as htop's type-ahead search: the selection jumps, nobody is hidden.
@Suite struct ListFindTests {
    @Test func typingJumpsToTheFirstMatchAndArrowsGoToTheNext() throws {
        var model = Sample.model()
        let count = model.list.visibleUsers.count
        let start = try #require(model.list.selectedUser?.id)
        model.press(.char("f"))
        #expect(model.screen[0].contains("find: _"))
        model.type("emma")
        #expect(model.list.selectedUser?.email == "emma@example.com")
        #expect(model.list.visibleUsers.count == count, "nobody is hidden")
        #expect(model.screen[0].contains("find: emma_ · 1 of 1"), "\(model.screen[0])")
        // Keys are the finder's: `x` is typed, not "remove".
        #expect(model.press(.char("x")).isEmpty)
        #expect(model.screen[0].contains("no match"), "\(model.screen[0])")
        model.press(.backspace)
        // Esc goes back to where the selection was.
        model.press(.escape)
        #expect(model.list.find == nil && model.list.selectedUser?.id == start)
        // ".com" matches everyone with an email: ↓ steps through them, round the end; Enter keeps.
        model.press(.char("f"))
        model.type(".com")
        let first = model.list.selection
        model.press(.down)
        #expect(model.list.selection != first)
        model.press(.up)
        #expect(model.list.selection == first)
        model.press(.down, .enter)
        #expect(model.list.find == nil && model.list.selection != first)
        #expect(model.screen[28].hasPrefix("Enter switch"), "the list's keys again")
    }

    /// The matches are kept with the finder and follow the users shown: a list read again while
    /// finding is searched again, and the moves go round the end both ways.
    @Test func theMatchesFollowTheUsersAndGoRoundTheEnd() throws {
        var model = Sample.model()
        model.press(.char("f"))
        model.type(".com")
        let matches = try #require(model.list.find?.positions)
        #expect(matches == model.list.visibleUsers.indices.filter { model.list.visibleUsers[$0].email?.contains(".com") == true })
        #expect(matches.count >= 2)
        let find = try #require(model.list.find)
        #expect(find.match(from: matches.last! + 1, by: 1) == matches.first, "past the last: the first")
        #expect(find.match(from: matches.first! - 1, by: -1) == matches.last, "before the first: the last")
        #expect(find.rank(of: matches[1]) == 1 && find.rank(of: -1) == nil)
        // Emma leaves the device while finding: the matches are worked out again.
        let emma = try #require(model.list.users.firstIndex { $0.email == "emma@example.com" })
        _ = update(&model, .usersLoaded(model.list.users.enumerated().filter { $0.offset != emma }.map(\.element)))
        #expect(model.list.find?.positions.count == matches.count - 1)
        #expect(model.list.find?.positions.allSatisfy { model.list.visibleUsers[$0].email?.contains(".com") == true } == true)
    }
}
