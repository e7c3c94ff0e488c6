import Foundation
import RosterCore
import RosterTUI
import Testing

/// This process's own changes are never told as another terminal's: a removal writes the user,
/// the history and the session event one after another, and a look at the store between two of
/// them used to be taken for another process's write, whose "was removed elsewhere" then took the
/// place of "Removed … from this device" on the status line.
@Suite struct ChangesMadeHereTests {
    @Test func writesOfThisProcessWatchedCloselyAreNeverToldAsMadeElsewhere() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        let joe = try await demo.app.login(credentials: .emailPassword(email: "joe@example.com", password: "passw0rd"))
        let emma = try await demo.app.login(credentials: .emailPassword(email: "emma@example.com", password: "pa55word"))
        let effects = SessionEffects(app: demo.app, watchInterval: 0.005)
        let changes = effects.changes()
        // Every change told as made elsewhere, until the one another process makes last.
        let told = Task { () -> [[UserRow]] in
            var elsewhere: [[UserRow]] = []
            for await actions in changes {
                for case .usersChangedElsewhere(let rows, _) in actions {
                    elsewhere.append(rows)
                    if rows.contains(where: { $0.id == joe.id && !$0.isLoggedIn }) { return elsewhere }
                }
            }
            return elsewhere
        }
        let timeout = Task {
            try await Task.sleep(for: .seconds(30))
            told.cancel()
        }
        defer { timeout.cancel() }

        // Many writes of this process's own, several to a change, while the watcher looks often.
        for round in 0..<150 { try demo.app.switchUser(to: round.isMultiple(of: 2) ? joe : emma) }
        let removal = await effects.perform(.list(.remove(id: emma.id)))
        #expect(removal == [.operationFinished("Removed emma@example.com from this device", for: .list(.remove(id: emma.id)))])
        // Then another process logs Joe out: that one is told as made elsewhere.
        let second = try demo.secondDevice()
        try await #require(second.user(id: joe.id)).logOut()

        let elsewhere = await told.value
        let last = try #require(elsewhere.last, "the other process's log-out never came")
        #expect(last.contains { $0.id == joe.id && !$0.isLoggedIn })
        #expect(elsewhere.count == 1, "\(elsewhere.count - 1) changes of this process's own were told as made elsewhere")
    }
}
