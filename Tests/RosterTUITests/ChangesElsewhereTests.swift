import Foundation
import RosterTUI
import Testing

/// Another terminal changing the device gets a short notice; this process's own changes do not.
@Suite struct ChangesElsewhereTests {
    static func changed(_ change: (inout [UserRow]) -> Void) -> Model {
        var model = Sample.model()
        var rows = Sample.all
        change(&rows)
        _ = update(&model, .usersChangedElsewhere(rows))
        return model
    }

    @Test func aLogOutElsewhereIsTold() {
        let model = Self.changed { $0[1].state = .loggedOut }
        #expect(model.status == StatusMessage("emma@example.com was logged out elsewhere"))
        #expect(model.list.user(id: Sample.emma.id)?.isLoggedIn == false)
        #expect(model.screen[29].hasPrefix("emma@example.com was logged out elsewhere"))
    }

    @Test func aLogInElsewhereIsTold() {
        let back = Self.changed { $0[5].state = .loggedIn }
        #expect(back.status?.text == "lapsed@example.com logged in elsewhere")
        let ann = UserRow(id: "64c1ann", displayName: "ann@example.com", provider: .emailPassword, state: .loggedIn)
        let new = Self.changed { $0.append(ann) }
        #expect(new.status?.text == "ann@example.com logged in elsewhere")
    }

    @Test func aRemovalElsewhereIsTold() {
        let model = Self.changed { $0.remove(at: 2) }
        #expect(model.status?.text == "Zoë was removed elsewhere")
    }

    @Test func aSwitchElsewhereIsTold() {
        let model = Self.changed {
            $0[0].isCurrent = false
            $0[1].isCurrent = true
        }
        #expect(model.status?.text == "emma@example.com was made active elsewhere")
        let nobody = Self.changed { $0[0].isCurrent = false }
        #expect(nobody.status?.text == "Nobody is active now (changed elsewhere)")
    }

    /// Reads finish out of order: a read begun before a switch, answered after the switch's own,
    /// is dropped, so the list never shows the person before as active again.
    @Test func aReadOlderThanTheOneShownIsDropped() {
        var model = Sample.model()
        var switched = Sample.all
        switched[0].isCurrent = false
        switched[1].isCurrent = true
        _ = update(&model, .usersLoaded(switched, revision: 8))
        #expect(model.list.currentUser?.id == Sample.emma.id)
        _ = update(&model, .usersChangedElsewhere(Sample.all, revision: 7))
        _ = update(&model, .usersLoaded(Sample.all, revision: 7))
        #expect(model.list.currentUser?.id == Sample.emma.id, "the older reads changed nothing")
        #expect(model.status == nil)
        _ = update(&model, .usersLoaded(Sample.all, revision: 9))
        #expect(model.list.currentUser?.id == Sample.joe.id)
        #expect(model.list.usersRevision == 9)
    }

    @Test func severalChangesAreAllTold() {
        let model = Self.changed {
            $0[1].state = .loggedOut
            $0.remove(at: 4)
        }
        #expect(model.status?.text == "emma@example.com was logged out elsewhere; 😀 Sunny was removed elsewhere")
    }

    @Test func nothingChangedOrAChangeFromHereSaysNothing() {
        var model = Sample.model()
        _ = update(&model, .usersChangedElsewhere(Sample.all))
        #expect(model.status == nil)
        var rows = Sample.all
        rows[1].state = .loggedOut
        _ = update(&model, .usersLoaded(rows))
        #expect(model.status == nil)
    }
}

/// The notice with the real program: another App over the same device directory stands in for
/// `roster` in a second terminal.
@Suite struct ChangesElsewhereProgramTests {
    @Test func anotherTerminalsChangesAreToldAndOwnAreNot() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        _ = try await demo.app.login(credentials: .emailPassword(email: "joe@example.com", password: "passw0rd"))
        let switcher = try RunningSwitcher.start(demo)
        await switcher.waitFor("* joe@example.com")

        let other = try demo.secondDevice()
        let emma = try await other.login(credentials: .emailPassword(email: "emma@example.com", password: "pa55word"))
        // The list follows without a key, and says what happened.
        await switcher.waitForShown("emma@example.com logged in elsewhere")
        await switcher.waitFor("* emma@example.com")
        _ = try await emma.logOut()
        await switcher.waitForShown("emma@example.com was logged out elsewhere")
        await switcher.waitFor("- emma@example.com")

        // Joe logged out here: the result says so, and nothing is told as done elsewhere.
        switcher.terminal.press(.char("o"))
        await switcher.waitForShown("Logged out joe@example.com")
        await switcher.waitFor("- joe@example.com")
        // A change elsewhere after it is told: the list read that showed Joe's log-out has been
        // handled by then, and had it been told as news it would be in the messages.
        _ = try await other.login(credentials: .emailPassword(email: "emma@example.com", password: "pa55word"))
        await switcher.waitFor("* emma@example.com")
        let model = try await switcher.quit()
        let told = model.messageLog.map(\.message.text).filter { $0.contains("elsewhere") }
        #expect(told == [
            "emma@example.com logged in elsewhere",
            "emma@example.com was logged out elsewhere; joe@example.com was made active elsewhere",
            "emma@example.com logged in elsewhere",
        ])
    }
}
