import Foundation
import GRDB
import Testing

@testable import RosterCore

/// The device's admin PIN and the kiosk policy (BEHAVIOURS 54), against a real in-process
/// server and a real device store. A second `App` over the same directory stands in for another
/// process.
@Suite("Admin PIN and kiosk")
struct AdminPINTests {
    static let adminPIN = "97531864"

    // BEHAVIOURS 54
    @Test func theAdminPINIsSetOnceKeptAsAVerifierAndChangedOnlyWithItself() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        #expect(try !app.hasAdminPIN())
        await #expect(throws: RosterError.invalidRequest("the admin PIN: a PIN has at least 4 digits")) { try await app.setAdminPIN("12") }
        try await app.setAdminPIN(Self.adminPIN)
        #expect(try app.hasAdminPIN())
        // The store keeps a salt and a verifier, never the PIN.
        let stored = try #require(try app.store.adminPIN())
        #expect(try await SharedTerminalTests.filesHolding([Self.adminPIN], in: fixture.directory).isEmpty)
        #expect(stored.verifier.count == 32 && !stored.salt.isEmpty)

        // Another process sees it, and cannot change it without it.
        let other = try fixture.makeApp()
        #expect(try other.hasAdminPIN())
        await #expect(throws: RosterError.adminPINNeeded("changing the admin PIN", isSet: true)) { try await other.setAdminPIN("1111") }
        let grant = try await other.checkAdminPIN(Self.adminPIN, for: "changing the admin PIN")
        try await other.setAdminPIN("24682468", admin: grant)
        await #expect(throws: RosterError.wrongAdminPIN(secondsBeforeNextTry: nil)) { _ = try await app.checkAdminPIN(Self.adminPIN, for: "a test") }
        _ = try await app.checkAdminPIN("24682468", for: "a test")
        let events = try app.history().map(\.event)
        #expect(events.filter { $0 == .adminPINSet }.count == 2)
        #expect(events.contains(.wrongAdminPIN))
        #expect(try app.history().contains { $0.event == .adminPINUsed && $0.userName == "a test" })
    }

    // BEHAVIOURS 54
    @Test func wrongAdminPINsAreCountedAcrossProcessesThenDelayed() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        try await app.setAdminPIN(Self.adminPIN)
        for _ in 0..<2 {
            await #expect(throws: RosterError.wrongAdminPIN(secondsBeforeNextTry: nil)) { _ = try await app.checkAdminPIN("0000", for: "a test") }
        }
        // The third wrong one, in another process, makes the next wait 5 s.
        let other = try fixture.makeApp()
        await #expect(throws: RosterError.wrongAdminPIN(secondsBeforeNextTry: 5)) { _ = try await other.checkAdminPIN("0000", for: "a test") }
        // Even the right one waits its turn, unseen.
        await #expect(throws: RosterError.secretDelayed(user: "the admin", secret: .pin, seconds: 5)) {
            _ = try await app.checkAdminPIN(Self.adminPIN, for: "a test")
        }
        fixture.clock.advance(by: 5)
        _ = try await app.checkAdminPIN(Self.adminPIN, for: "a test")
        // A right one clears the count: the next wrong one is free again.
        await #expect(throws: RosterError.wrongAdminPIN(secondsBeforeNextTry: nil)) { _ = try await other.checkAdminPIN("0000", for: "a test") }
        #expect(try app.history().filter { $0.event == .wrongAdminPIN }.count == 4)
    }

    // BEHAVIOURS 54
    @Test func aKioskNeedsAnAdminPINAndItsPolicyChangesOnlyWithIt() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        await #expect(throws: RosterError.adminPINNeeded("a kiosk", isSet: false)) {
            try await app.setPolicy(DevicePolicy(switching: .open, kiosk: true))
        }
        #expect(try !app.policy().kiosk)
        try await app.setAdminPIN(Self.adminPIN)
        try await app.setPolicy(DevicePolicy(switching: .open, kiosk: true))
        #expect(try app.policy().kiosk)
        #expect(try app.history().first?.userName == "kiosk off → on")

        let other = try fixture.makeApp()
        for change in [DevicePolicy(switching: .open, kiosk: false), DevicePolicy(switching: .open, lockAfter: 60, kiosk: true)] {
            await #expect(throws: RosterError.adminPINNeeded("changing a kiosk's policy", isSet: true)) { try await other.setPolicy(change) }
        }
        #expect(try other.policy() == DevicePolicy(switching: .open, kiosk: true), "nothing was changed")
        let grant = try await other.checkAdminPIN(Self.adminPIN, for: "changing a kiosk's policy")
        try await other.setPolicy(DevicePolicy(switching: .open, kiosk: false), admin: grant)
        #expect(try !app.policy().kiosk)
    }

    // BEHAVIOURS 54
    @Test func theAdminPINLogsOutAndRemovesSomebodyElseAndTheServerIsTold() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        try await app.setPolicy(DevicePolicy(switching: .pin))
        let joe = try await app.login(credentials: Fixture.joe, pin: "90417253")
        let joeRefresh = try #require(joe.refreshToken)
        let emma = try await app.login(credentials: Fixture.emma, pin: "66120384")
        try await app.setAdminPIN(Self.adminPIN)
        // Another process holds nobody's key: without the grant it is refused, with it done.
        let other = try fixture.makeApp()
        let joeThere = try #require(other.user(id: joe.id))
        await #expect(throws: RosterError.locked(user: "joe@example.com", secret: .pin)) { try await joeThere.logOut() }
        let grant = try await other.checkAdminPIN(Self.adminPIN, for: "logging out joe@example.com")
        let report = try await joeThere.logOut(admin: grant)
        #expect(report.revocationError == nil)
        #expect(joeThere.state == .loggedOut)
        // The session ended on the server too (the revocation token kept under the device key).
        #expect(await fixture.refreshStatus(joeRefresh) == 401)
        let emmaThere = try #require(other.user(id: emma.id))
        try await emmaThere.remove(admin: grant)
        #expect(other.user(id: emma.id) == nil)
        let history = try other.history().prefix(4).map { "\($0.event.rawValue) \($0.userName ?? "")" }
        #expect(history == ["remove emma@example.com", "log-out joe@example.com", "admin PIN logging out joe@example.com", "admin PIN set "])
    }

    // BEHAVIOURS 54
    @Test func logOutAllTakesTheAdminPINInsteadOfEveryPIN() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        try await app.setPolicy(DevicePolicy(switching: .pin))
        _ = try await app.login(credentials: Fixture.joe, pin: "90417253")
        _ = try await app.login(credentials: Fixture.emma, pin: "66120384")
        try await app.setAdminPIN(Self.adminPIN)
        let other = try fixture.makeApp()
        await #expect(throws: RosterError.self) { try await other.logOutAll() }
        let grant = try await other.checkAdminPIN(Self.adminPIN, for: "logging everyone out")
        let reports = try await other.logOutAll(admin: grant)
        #expect(reports.count == 2)
        #expect(other.allUsers.allSatisfy { $0.state != .loggedIn })
    }

    // BEHAVIOURS 45, 54: one rule counts a person's PIN and the admin PIN.
    @Test func theTryRuleWaitsThenCountsAndSetsTheNextWait() {
        let now = Date(timeIntervalSince1970: 1_000)
        let delay: (Int) -> TimeInterval? = { WrongSecretLimits.delay(after: $0) }
        let waiting = SecretTryRule.begin(.init(wrong: 4, retryAt: now.addingTimeInterval(3)), at: now, delay: delay)
        #expect(waiting.0 == .waiting(until: now.addingTimeInterval(3)) && waiting.1 == nil)
        let second = SecretTryRule.begin(.init(wrong: 1, retryAt: nil), at: now, delay: delay)
        #expect(second.0 == .counted(2) && second.1 == .init(wrong: 2, retryAt: nil))
        let third = SecretTryRule.begin(.init(wrong: 2, retryAt: nil), at: now, delay: delay)
        #expect(third.0 == .counted(3) && third.1 == .init(wrong: 3, retryAt: now.addingTimeInterval(5)))
        let afterWait = SecretTryRule.begin(.init(wrong: 3, retryAt: now), at: now, delay: delay)
        #expect(afterWait.1 == .init(wrong: 4, retryAt: now.addingTimeInterval(10)))
    }

    @Test func anAdminPINRecordReadsBackAndRefusesWhatIsNotOne() throws {
        let record = AdminPINRecord(text: "v1$ln=10,r=8,p=1$c2FsdA==$" + Data(repeating: 7, count: 32).base64EncodedString())
        #expect(record?.cost == SecretKeyDerivation(logN: 10, r: 8, p: 1))
        #expect(record.map { AdminPINRecord(text: $0.text) } == record)
        for text in ["", "v2$ln=10,r=8,p=1$c2FsdA==$AAAA", "v1$ln=99,r=8,p=1$c2FsdA==$" + Data(count: 32).base64EncodedString(), "v1$ln=10,r=8,p=1$c2FsdA==$AAAA"] {
            #expect(AdminPINRecord(text: text) == nil, "\(text)")
        }
    }
}
