import Foundation
import RosterWire
import Testing

@testable import RosterCore

@Suite("Log out")
struct LogOutTests {
    // BEHAVIOURS 15
    @Test func loggingOutKeepsTheUserLoggedOut() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let report = try await joe.logOut()
        #expect(report.revocationError == nil)
        #expect(joe.state == .loggedOut)
        #expect(app.allUsers.map(\.id) == [joe.id])
        #expect(app.allUsers.first?.state == .loggedOut)
    }

    // BEHAVIOURS 16
    @Test func loggingOutAnAnonymousUserRemovesIt() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let anonymous = try await app.login(credentials: .anonymous)
        try await anonymous.logOut()
        #expect(anonymous.state == .removed)
        #expect(app.allUsers.isEmpty)
        #expect(app.currentUser == nil)
        let next = try await app.login(credentials: .anonymous)
        #expect(next.id != anonymous.id)
    }

    // BEHAVIOURS 17
    @Test func nextCurrentIsTheMostRecentlyActiveLoggedInUserAcrossRestarts() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        fixture.clock.advance(by: 10)
        let emma = try await app.login(credentials: Fixture.emma)
        fixture.clock.advance(by: 10)
        let anonymous = try await app.login(credentials: .anonymous)
        fixture.clock.advance(by: 10)
        try app.switchUser(to: joe)  // order of activity now: joe, anonymous, emma
        fixture.clock.advance(by: 10)
        try app.switchUser(to: emma)  // emma, joe, anonymous
        #expect(app.allUsers.map(\.id) == [emma.id, joe.id, anonymous.id])

        try await emma.logOut()
        #expect(app.currentUser?.id == joe.id)

        // The order is persisted: a new App continues from it.
        let reopened = try fixture.makeApp()
        let joeAgain = try #require(reopened.currentUser)
        #expect(joeAgain.id == joe.id)
        try await joeAgain.logOut()
        #expect(reopened.currentUser?.id == anonymous.id)
        try await reopened.currentUser?.logOut()
        #expect(reopened.currentUser == nil)
        #expect(app.currentUser == nil)
    }

    // BEHAVIOURS 18
    @Test func loggingOutAnotherUserKeepsTheCurrentOne() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let emma = try await app.login(credentials: Fixture.emma)
        let joeToken = try #require(joe.refreshToken)
        let emmaToken = try #require(emma.refreshToken)
        let report = try await joe.logOut()
        #expect(report.revocationError == nil)
        // Joe is logged out, here and on the server; Emma is still active and logged in.
        #expect(joe.state == .loggedOut)
        #expect(await fixture.refreshStatus(joeToken) == 401)
        #expect(app.currentUser?.id == emma.id)
        #expect(emma.state == .loggedIn)
        #expect(await fixture.refreshStatus(emmaToken) == 200)
        let reopened = try fixture.makeApp()
        #expect(reopened.currentUser?.id == emma.id)
        let states = Dictionary(uniqueKeysWithValues: reopened.allUsers.map { ($0.id, $0.state) })
        #expect(states == [emma.id: .loggedIn, joe.id: .loggedOut])
    }

    // BEHAVIOURS 19
    @Test func logOutRevokesTheSessionOnTheServer() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let refreshToken = try #require(joe.refreshToken)
        #expect(await fixture.refreshStatus(refreshToken) == 200)
        let report = try await joe.logOut()
        #expect(report.revocationError == nil)
        #expect(fixture.transport.count(.delete, Route.session) == 1)
        #expect(await fixture.refreshStatus(refreshToken) == 401)
    }

    // BEHAVIOURS 19
    @Test func offlineLogOutHappensLocallyAndReportsTheFailure() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let refreshToken = try #require(joe.refreshToken)
        fixture.transport.offline = true
        let report = try await joe.logOut()
        #expect(report.revocationError?.isNetwork == true)
        #expect(report.revocationError?.description.contains(refreshToken) == false)
        #expect(joe.state == .loggedOut)
        #expect(app.currentUser == nil)
        #expect(try fixture.makeApp().allUsers.first?.state == .loggedOut)
        // Not undone: the session is still alive on the server, and that is reported, not hidden.
        #expect(await fixture.refreshStatus(refreshToken) == 200)
    }

    // BEHAVIOURS 20
    @Test func loggingOutTwiceChangesNothing() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let emma = try await app.login(credentials: Fixture.emma)
        try await joe.logOut()
        let lastActive = joe.lastActive
        fixture.transport.reset()
        let again = try await joe.logOut()
        #expect(again.revocationError == nil)
        #expect(joe.state == .loggedOut)
        #expect(joe.lastActive == lastActive)
        #expect(app.currentUser?.id == emma.id)
        #expect(fixture.transport.log.isEmpty)

        let anonymous = try await app.login(credentials: .anonymous)
        try await anonymous.logOut()
        let removedAgain = try await anonymous.logOut()
        #expect(removedAgain.revocationError == nil)
        #expect(anonymous.state == .removed)
    }

    // BEHAVIOURS 49
    @Test func loggingEveryoneOutLeavesNobodyActive() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let emma = try await app.login(credentials: Fixture.emma)
        let anonymous = try await app.login(credentials: .anonymous)
        try await emma.logOut()
        let sessions = [try #require(joe.refreshToken), try #require(anonymous.refreshToken)]
        #expect(await fixture.refreshStatus(sessions[0]) == 200)
        let reports = try await app.logOutAll()
        #expect(Set(reports.map(\.user.id)) == [joe.id, anonymous.id], "only the logged-in users")
        #expect(reports.allSatisfy { $0.report.revocationError == nil })
        #expect(app.currentUser == nil)
        #expect(joe.state == .loggedOut && emma.state == .loggedOut && anonymous.state == .removed)
        #expect(Set(app.allUsers.map(\.id)) == [joe.id, emma.id])
        // The server sessions are gone too.
        for token in sessions { #expect(await fixture.refreshStatus(token) == 401) }
        // A second process sees the same: nobody active.
        #expect(try fixture.makeApp(transport: fixture.makeTransport()).currentUser == nil)
    }

    // BEHAVIOURS 17
    @Test func refreshingAUsersDataDoesNotMakeItMostRecentlyActive() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        fixture.clock.advance(by: 10)
        let emma = try await app.login(credentials: Fixture.emma)
        fixture.clock.advance(by: 10)
        _ = try await joe.refreshCustomData()
        #expect(app.allUsers.map(\.id) == [emma.id, joe.id], "the order of activity is unchanged")
        // So logging the active user out still makes the one active before it current, and a new
        // process reads the same order.
        #expect(try fixture.makeApp(transport: fixture.makeTransport()).allUsers.map(\.id) == [emma.id, joe.id])
        try await emma.logOut()
        #expect(app.currentUser?.id == joe.id)
    }
}
