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
        #expect(model.selectedUser?.id == emma.id)
    }
}
