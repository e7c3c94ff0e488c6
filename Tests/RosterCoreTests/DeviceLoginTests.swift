import Foundation
import RosterWire
import Testing

@testable import RosterCore

/// A log-in approved on another device, against the real server in-process: the terminal
/// starts, the person approves on the `/device` page, and the terminal's poll logs the user in.
@Suite("Log in on another device")
struct DeviceLoginTests {
    private func phone(_ fixture: Fixture) -> PhoneApproval {
        let server = fixture.server
        return PhoneApproval { await server.respond(to: $0) }
    }

    // BEHAVIOURS 5, 11, 39, 42
    @Test func approvedOnThePhoneTheUserIsStoredAndCurrentAndTheDeviceCodeIsNeverOnDisk() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let login = try await app.startDeviceLogin(terminal: "lab-3")
        #expect(login.userCode.count == 9 && login.userCode.dropFirst(4).first == "-")
        #expect(login.verificationURI.hasSuffix("/device"))
        #expect(login.verificationURIComplete.hasSuffix("/device?code=\(login.userCode)"))
        #expect(login.expiresAt == fixture.clock.now().addingTimeInterval(600))
        #expect(login.interval == 5)
        #expect(login.linkingUserId == nil)
        #expect(!"\(login)".contains(login.deviceCode))

        fixture.clock.advance(by: 5)
        #expect(try await app.pollDeviceLogin(login).isPending)

        await phone(fixture).approve(login.userCode, email: "emma@example.com", password: "pa55word")
        fixture.clock.advance(by: 5)
        guard case .approved(let emma) = try await app.pollDeviceLogin(login) else {
            Issue.record("not approved")
            return
        }
        #expect(try await emma.id == fixture.serverUserId("emma@example.com"))
        #expect(app.currentUser?.id == emma.id)
        #expect(joe.state == .loggedIn)
        #expect(emma.identities.first?.provider == .emailPassword)
        #expect(emma.profile.email == "emma@example.com")
        // Approved on the phone, her session is this device's as Joe's is: one device id.
        #expect(joe.deviceId != nil && emma.deviceId == joe.deviceId, "\(String(describing: emma.deviceId)) vs \(String(describing: joe.deviceId))")

        // A new App over the same directory, offline, sees Emma as any log-in leaves her.
        let offline = fixture.makeTransport()
        offline.offline = true
        let reopened = try fixture.makeApp(transport: offline)
        #expect(reopened.currentUser?.id == emma.id)
        #expect(reopened.currentUser?.accessToken == emma.accessToken)

        // The device code is in no file of the device directory.
        let files = FileManager.default.enumerator(at: fixture.directory, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        #expect(!files.isEmpty)
        for file in files {
            let data = (try? Data(contentsOf: file)) ?? Data()
            #expect(data.range(of: Data(login.deviceCode.utf8)) == nil, "\(file.lastPathComponent)")
        }

        // The code is used up: polling it again is an error, and logs no one else in.
        fixture.clock.advance(by: 5)
        await #expect(throws: RosterError.self) { try await app.pollDeviceLogin(login) }
    }

    @Test func pollingTooSoonSlowsDownAndTheIntervalGrows() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let login = try await app.startDeviceLogin()
        fixture.clock.advance(by: 5)
        #expect(try await app.pollDeviceLogin(login).isPending)
        guard case .slowDown(let interval) = try await app.pollDeviceLogin(login) else {
            Issue.record("no slow_down")
            return
        }
        #expect(interval == 10)
        #expect(app.currentUser == nil)
    }

    @Test func deniedOrExpiredLogsNobodyIn() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let denied = try await app.startDeviceLogin()
        await phone(fixture).deny(denied.userCode)
        fixture.clock.advance(by: 5)
        #expect(try await app.pollDeviceLogin(denied).isDenied)

        let expired = try await app.startDeviceLogin()
        fixture.clock.advance(by: 601)
        #expect(try await app.pollDeviceLogin(expired).isExpired)
        #expect(app.currentUser == nil)
        #expect(app.allUsers.isEmpty)
    }

    // BEHAVIOURS 36
    @Test func aLinkStartedForAnAnonymousUserAddsTheIdentitySignedInWithOnThePhone() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let anonymous = try await app.login(credentials: .anonymous)
        try await app.emailPasswordAuth.registerUser(email: "ann@example.com", password: "ann-password-1")
        let link = try await anonymous.startDeviceLink(terminal: "lab-3")
        #expect(link.linkingUserId == anonymous.id)
        await phone(fixture).approve(link.userCode, email: "ann@example.com", password: "ann-password-1")
        fixture.clock.advance(by: 5)
        guard case .approved(let linked) = try await app.pollDeviceLogin(link) else {
            Issue.record("not approved")
            return
        }
        #expect(linked.id == anonymous.id)
        #expect(Set(anonymous.identities.map(\.providerType)) == ["anon-user", "local-userpass"])
        #expect(app.allUsers.count == 1)
    }

    // BEHAVIOURS 44
    @Test func underThePINPolicyANewUserChoosesAPINOnceThePhoneApproved() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        _ = try await app.setPolicy(DevicePolicy(switching: .pin))
        let asked = fixture.transport.log.count
        await #expect(throws: RosterError.self) { try await app.startDeviceLogin(pin: "12") }
        #expect(fixture.transport.log.count == asked)

        let login = try await app.startDeviceLogin()
        await phone(fixture).approve(login.userCode, email: "joe@example.com", password: "passw0rd")
        fixture.clock.advance(by: 5)
        guard case .pinNeeded(let approval) = try await app.pollDeviceLogin(login) else {
            Issue.record("no PIN asked for")
            return
        }
        #expect(!approval.isReturning)
        #expect(app.allUsers.isEmpty, "nothing is stored before the PIN")
        await #expect(throws: RosterError.self) { try await app.finishDeviceLogin(approval, pin: "12") }
        let joe = try await app.finishDeviceLogin(approval, pin: "2468")
        #expect(joe.isCurrent)
        // Sealed with the PIN: another process needs it to make Joe active.
        let other = try fixture.makeApp()
        let stored = try #require(other.user(id: joe.id))
        #expect(throws: RosterError.self) { try other.switchUser(to: stored) }
        try await other.switchUser(to: stored, secret: "2468")
        #expect(other.currentUser?.id == joe.id)

        // A PIN given at the start seals the session as before.
        let given = try await app.startDeviceLogin(pin: "1357")
        await phone(fixture).approve(given.userCode, email: "emma@example.com", password: "pa55word")
        fixture.clock.advance(by: 5)
        guard case .approved(let emma) = try await app.pollDeviceLogin(given, pin: "1357") else {
            Issue.record("not approved")
            return
        }
        let third = try fixture.makeApp()
        try await third.switchUser(to: try #require(third.user(id: emma.id)), secret: "1357")
    }

    // BEHAVIOURS 44, 45
    @Test func aReturningUserApprovedOnThePhoneKeepsTheirPINAndMustGiveIt() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        _ = try await app.setPolicy(DevicePolicy(switching: .pin))
        let joe = try await app.login(credentials: Fixture.joe, pin: "2468")

        // Another PIN typed for a phone log-in of Joe's is refused as a wrong PIN, not made his.
        let other = try await app.startDeviceLogin(pin: "1357")
        await phone(fixture).approve(other.userCode, email: "joe@example.com", password: "passw0rd")
        fixture.clock.advance(by: 5)
        await #expect(throws: RosterError.wrongSecret(user: joe.displayName, secret: .pin, remaining: 9)) {
            try await app.pollDeviceLogin(other, pin: "1357")
        }
        let reopened = try fixture.makeApp()
        let stored = try #require(reopened.user(id: joe.id))
        await #expect(throws: RosterError.self) { try await reopened.switchUser(to: stored, secret: "1357") }
        try await reopened.switchUser(to: stored, secret: "2468")

        // His own PIN lets the phone's log-in through, and it stays his PIN.
        let own = try await app.startDeviceLogin(pin: "2468")
        await phone(fixture).approve(own.userCode, email: "joe@example.com", password: "passw0rd")
        fixture.clock.advance(by: 5)
        guard case .approved(let approved) = try await app.pollDeviceLogin(own, pin: "2468") else {
            Issue.record("not approved")
            return
        }
        #expect(approved.id == joe.id && approved.isCurrent)
        let later = try fixture.makeApp()
        try await later.switchUser(to: try #require(later.user(id: joe.id)), secret: "2468")
        #expect(later.currentUser?.id == joe.id)

        // Asked once the phone approved, Joe is asked for his PIN, not a new one: a wrong one is
        // refused and counted, his own keeps the log-in, and his PIN is still the same.
        let asked = try await app.startDeviceLogin()
        await phone(fixture).approve(asked.userCode, email: "joe@example.com", password: "passw0rd")
        fixture.clock.advance(by: 5)
        guard case .pinNeeded(let approval) = try await app.pollDeviceLogin(asked) else {
            Issue.record("no PIN asked for")
            return
        }
        #expect(approval.returningName == joe.displayName)
        await #expect(throws: RosterError.wrongSecret(user: joe.displayName, secret: .pin, remaining: 9)) {
            try await app.finishDeviceLogin(approval, pin: "9999")
        }
        _ = try await app.finishDeviceLogin(approval, pin: "2468")
        let last = try fixture.makeApp()
        await #expect(throws: RosterError.self) { try await last.switchUser(to: try #require(last.user(id: joe.id)), secret: "9999") }
        try await last.switchUser(to: try #require(last.user(id: joe.id)), secret: "2468")
    }
}

extension DeviceLoginState {
    var isPending: Bool { if case .pending = self { true } else { false } }
    var isDenied: Bool { if case .denied = self { true } else { false } }
    var isExpired: Bool { if case .expired = self { true } else { false } }
}
