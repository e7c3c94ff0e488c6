import Foundation
import RosterCore
import RosterTUI
import RosterWire
import Testing

/// Rows read from a snapshot of real RosterCore users, logged in against an in-process RosterServer.
@Suite struct RealUsersTests {
    @Test func rowsFromRealUsersShowStatesAndCustomData() async throws {
        let clock = FixedClock(date: Date(timeIntervalSince1970: 1_800_000_000))
        let demo = try await DemoServer.start(clock: clock)
        defer { demo.remove() }
        let joe = try await demo.app.login(credentials: .emailPassword(email: "joe@example.com", password: "passw0rd"))
        let emma = try await demo.app.login(credentials: .emailPassword(email: "emma@example.com", password: "pa55word"))

        let rows = try demo.app.userSnapshots().map(UserRow.init(snapshot:))
        let emmaRow = try #require(rows.first { $0.id == emma.id })
        let joeRow = try #require(rows.first { $0.id == joe.id })
        #expect(emmaRow.displayName == "emma@example.com")
        #expect(emmaRow.provider == .emailPassword)
        #expect(emmaRow.badge == .active)
        #expect(joeRow.badge == .loggedIn)
        // Only the active user's session is opened: Emma's data shows, Joe's stays sealed.
        #expect(emmaRow.customData["favoriteColor"] == "purple" && emmaRow.sessionOpened)
        #expect(joeRow.customData == .emptyObject && !joeRow.sessionOpened && !joeRow.isLocked)
        #expect(joeRow.customDataIssuedAt == clock.date)
        #expect(joeRow.accessTokenExpiresAt.map { $0 > clock.date } == true)
        #expect(joeRow.identities.first?.providerType == ProviderType.emailPassword.rawValue)
        #expect(joeRow.deviceId != nil)

        var model = Model(users: rows, now: clock.date)
        var screen = model.screen
        #expect(screen.line(containing: "* emma@example.com")?.hasPrefix("> ") == true)
        #expect(screen.line(containing: "+ joe@example.com") != nil)
        #expect(screen.line(containing: "\"favoriteColor\": \"purple\"") != nil)
        #expect(screen.line(containing: "custom data as of just now") != nil)
        #expect(screen.last?.hasSuffix("active: emma@example.com") == true)

        try await joe.logOut()
        _ = update(&model, .usersLoaded(try demo.app.userSnapshots().map(UserRow.init(snapshot:))))
        screen = model.screen
        #expect(screen.line(containing: "- joe@example.com") != nil)
        #expect(model.list.selectedUser?.id == emma.id)
    }

    /// The active person's custom data changed on the server by someone else (here an
    /// administrator): the switcher's changes bring it without `r`, and the detail pane says
    /// "changed just now" over the new value, for a minute.
    @Test func customDataChangedElsewhereShowsWithoutRefreshing() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        let emma = try await demo.app.login(credentials: .emailPassword(email: "emma@example.com", password: "pa55word"))
        let effects = SessionEffects(app: demo.app)
        var model = Model(users: try effects.rows(), now: Date())
        #expect(model.screen.line(containing: "\"favoriteColor\": \"purple\"") != nil)
        let changes = effects.changes()
        // The stream opens in the background: the change is made again until it is seen.
        let writing = Task {
            for round in 1...100 {
                try await demo.server.admin.setCustomData(
                    appId: demo.appId, userId: emma.id, document: ["favoriteColor": "teal", "round": .int(Int64(round))])
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        defer { writing.cancel() }
        let waiting = Task { () -> (JSONValue, Date)? in
            for await actions in changes {
                for action in actions { if case .customDataChanged(emma.id, let data, let time) = action { return (data, time) } }
            }
            return nil
        }
        let timeout = Task { try await Task.sleep(for: .seconds(20)); waiting.cancel() }
        defer { timeout.cancel() }
        let (data, time) = try #require(await waiting.value, "the change arrived")
        #expect(data["favoriteColor"] == "teal")
        model.now = time
        #expect(update(&model, .customDataChanged(userId: emma.id, data: data, at: time)) == [.reload])
        // Until the users read again show the new value, the old one is not called new.
        #expect(model.screen.line(containing: "changed just now") == nil, "said over the old value")
        let reloaded = await effects.perform(.reload)
        for action in reloaded { _ = update(&model, action) }
        #expect(model.screen.line(containing: "custom data · changed just now") != nil)
        #expect(model.screen.line(containing: "\"favoriteColor\": \"teal\"") != nil)
        _ = update(&model, .tick(time.addingTimeInterval(61)))
        #expect(model.screen.line(containing: "changed just now") == nil, "a minute later it is an age again")
    }
}
