import Foundation
import GRDB
import RosterWire
import Testing

@testable import RosterCore

/// Shared terminals: the switching policy, sessions sealed by PINs, wrong PINs, the revocation
/// queue and the history, against a real in-process server. A second `App` over the same
/// directory stands in for another process, which holds no one's key.
@Suite("Shared terminal")
struct SharedTerminalTests {
    static let joePIN = "90417253"
    static let emmaPIN = "66120384"

    /// Joe and Emma logged in with PINs under `pin`; Emma is active.
    func pinDevice() async throws -> (Fixture, App, User, User) {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        try await app.setPolicy(DevicePolicy(switching: .pin))
        let joe = try await app.login(credentials: Fixture.joe, pin: Self.joePIN)
        let emma = try await app.login(credentials: Fixture.emma, pin: Self.emmaPIN)
        return (fixture, app, joe, emma)
    }

    // BEHAVIOURS 53
    @Test func nobodyLogsOutOrRemovesSomebodyElseWithoutTheirPIN() async throws {
        let (fixture, app, joe, emma) = try await pinDevice()
        // Emma is active and unlocked in the process that logged her in; Joe is not.
        await #expect(throws: RosterError.locked(user: "joe@example.com", secret: .pin)) { try await joe.logOut() }
        await #expect(throws: RosterError.locked(user: "joe@example.com", secret: .pin)) { try await joe.remove() }
        #expect(joe.state == .loggedIn)
        let other = try fixture.makeApp()
        let emmaThere = try #require(other.user(id: emma.id))
        await #expect(throws: RosterError.locked(user: "emma@example.com", secret: .pin)) { try await emmaThere.logOut() }
        let everyone = await rosterError { try await other.logOutAll() }
        #expect(everyone?.description.contains("joe@example.com, emma@example.com") == true || everyone?.description.contains("emma@example.com, joe@example.com") == true, "\(String(describing: everyone))")
        #expect(try other.userSnapshots().filter { $0.state == .loggedIn }.count == 2, "nobody was logged out")
        // With the PIN given, the process holds the key and may act.
        try await joe.unlock(secret: Self.joePIN)
        try await joe.logOut()
        #expect(joe.state == .loggedOut)
        // The active user unlocked here logs out without asking again.
        try await emma.logOut()
        #expect(emma.state == .loggedOut)
        _ = app
    }

    // BEHAVIOURS 43
    @Test func underPinSwitchingAndActingAsSomeoneNeedsTheirPIN() async throws {
        let (fixture, _, joe, _) = try await pinDevice()
        let other = try fixture.makeApp()
        let joeThere = try #require(other.user(id: joe.id))
        #expect(joeThere.isLocked && joeThere.secretKind == .pin)
        #expect(throws: RosterError.locked(user: "joe@example.com", secret: .pin)) { try other.switchUser(to: joeThere) }
        await #expect(throws: RosterError.locked(user: "joe@example.com", secret: .pin)) { try await joeThere.freshAccessToken() }
        await #expect(throws: RosterError.locked(user: "joe@example.com", secret: .pin)) { try await joeThere.refreshCustomData() }
        #expect(joeThere.customData == .emptyObject)
        #expect(joeThere.accessToken == nil)
        let refused = try other.userSnapshots().first { $0.id == joe.id }
        #expect(refused?.isLocked == true && refused?.customData == .emptyObject)

        await #expect(throws: RosterError.wrongSecret(user: "joe@example.com", secret: .pin, remaining: 9)) {
            try await other.switchUser(to: joeThere, secret: "11112222")
        }
        #expect(other.currentUser?.id != joe.id)
        try await other.switchUser(to: joeThere, secret: Self.joePIN)
        #expect(other.currentUser?.id == joe.id)
        #expect(joeThere.customData["favoriteColor"] == "green")
        #expect(try other.userSnapshots().first { $0.id == joe.id }?.customData["favoriteColor"] == "green")
        _ = try await joeThere.freshAccessToken()
    }

    // BEHAVIOURS 43
    @Test func underPinALogInNeedsAPINFirstAndOpenNeedsNone() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let emma = try await app.login(credentials: Fixture.emma)
        #expect(!joe.isLocked && joe.secretKind == nil)
        try app.switchUser(to: joe)
        // Another process too: under open, nothing is asked.
        let other = try fixture.makeApp()
        try other.switchUser(to: try #require(other.user(id: emma.id)))
        #expect(other.currentUser?.id == emma.id)

        try await app.setPolicy(DevicePolicy(switching: .pin), pins: [joe.id: Self.joePIN, emma.id: Self.emmaPIN])
        fixture.transport.reset()
        for pin in [nil, "123", "12a4"] {
            let refused = await rosterError { try await app.login(credentials: .anonymousNew, pin: pin) }
            #expect(refused?.description.contains("PIN") == true)
        }
        #expect(fixture.transport.log.isEmpty)
    }

    // BEHAVIOURS 44
    @Test func theDeviceDirectoryHoldsNoTokenNoCustomDataAndNoPIN() async throws {
        let (fixture, app, joe, emma) = try await pinDevice()
        try await app.switchUser(to: joe, secret: Self.joePIN)
        let secrets = [
            try #require(joe.refreshToken), try #require(joe.accessToken), "green", "purple", Self.joePIN, Self.emmaPIN,
        ]
        _ = try await joe.refreshCustomData()
        try await emma.unlock(secret: Self.emmaPIN)  // her key went with the switch (BEHAVIOURS 53)
        _ = try await emma.logOut()
        #expect(try await Self.filesHolding(secrets + [try #require(joe.accessToken)], in: fixture.directory).isEmpty)
        // Names, providers and states stay readable, for the switcher to show who is there.
        let other = try fixture.makeApp()
        #expect(other.allUsers.map(\.displayName).sorted() == ["emma@example.com", "joe@example.com"])
        #expect(other.allUsers.map(\.state).sorted { $0.rawValue < $1.rawValue } == [.loggedIn, .loggedOut])
    }

    // BEHAVIOURS 44
    @Test func underOpenTheStoreHoldsNoTokenEither() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let tokens = [try #require(joe.refreshToken), try #require(joe.accessToken), "green"]
        #expect(try await Self.filesHolding(tokens, in: fixture.directory).isEmpty)
        #expect(PrivateFiles.mode(of: DeviceKey.file(in: fixture.directory)) == 0o600)
    }

    // BEHAVIOURS 45
    @Test func wrongPINsAreDelayedAfterThreeAndLogTheUserOutAfterTen() async throws {
        let (fixture, _, joe, _) = try await pinDevice()
        var other = try fixture.makeApp()
        var joeThere = try #require(other.user(id: joe.id))
        for attempt in 1...3 {
            let error = await rosterError { try await joeThere.unlock(secret: "00000000") }
            #expect(error == .wrongSecret(user: "joe@example.com", secret: .pin, remaining: 10 - attempt))
        }
        // A new process does not start afresh: the wait is in the store.
        other = try fixture.makeApp()
        joeThere = try #require(other.user(id: joe.id))
        let delayed = await rosterError { try await joeThere.unlock(secret: Self.joePIN) }
        #expect(delayed == .secretDelayed(user: "joe@example.com", secret: .pin, seconds: 5))
        #expect(joeThere.isLocked)
        for attempt in 4...9 {
            fixture.clock.advance(by: WrongSecretLimits.delay(after: attempt - 1) ?? 0)
            let error = await rosterError { try await joeThere.unlock(secret: "00000000") }
            #expect(error == .wrongSecret(user: "joe@example.com", secret: .pin, remaining: 10 - attempt))
        }
        fixture.clock.advance(by: WrongSecretLimits.delay(after: 9) ?? 0)
        let last = await rosterError { try await joeThere.unlock(secret: "00000000") }
        #expect(last == .tooManyWrongSecrets(user: "joe@example.com", secret: .pin))
        #expect(joeThere.state == .loggedOut)
        #expect(try fixture.makeApp().user(id: joe.id)?.state == .loggedOut)
        // Even the right PIN opens nothing now: the session is gone from the device.
        #expect(await rosterError { try await joeThere.unlock(secret: Self.joePIN) } == .userLoggedOut("joe@example.com"))
        let events = try other.history().filter { $0.userId == joe.id }.map(\.event)
        #expect(events.filter { $0 == .wrongSecret }.count == 10)
        #expect(events.first == .lockedOut)
    }

    // BEHAVIOURS 45
    @Test func fourteenPINsTriedAtOnceFromManyProcessesAreEachCountedBeforeAnyKeyIsMade() async throws {
        let (fixture, _, joe, _) = try await pinDevice()
        // Fourteen processes, each with its own store connection, guess at the same moment.
        var guessers: [User] = []
        for _ in 0..<14 { guessers.append(try #require(try fixture.makeApp().user(id: joe.id))) }
        let errors = await withTaskGroup(of: RosterError?.self) { group in
            for (index, guesser) in guessers.enumerated() {
                group.addTask { await rosterError { try await guesser.unlock(secret: String(format: "%08d", index)) } }
            }
            return await group.reduce(into: [RosterError?]()) { $0.append($1) }
        }
        let wrong = errors.filter { if case .wrongSecret = $0 { true } else { false } }
        let waiting = errors.filter { if case .secretDelayed = $0 { true } else { false } }
        // Three free tries are made; the other eleven wait unseen, and no key is derived for them.
        #expect(wrong.count == WrongSecretLimits.freeTries)
        #expect(waiting.count == 14 - WrongSecretLimits.freeTries)
        #expect(try fixture.makeApp().user(id: joe.id)?.load()?.wrongSecrets == 3)
        // The right PIN after the wait clears the count.
        fixture.clock.advance(by: 5)
        try await guessers[0].unlock(secret: Self.joePIN)
        #expect(guessers[1].load()?.wrongSecrets == 0)
    }

    // BEHAVIOURS 45, 48, 53
    @Test func aLockOutEndsTheServerSessionWithoutThePINAndALogOutNeedsIt() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        try await app.setPolicy(DevicePolicy(switching: .pin))
        let joe = try await app.login(credentials: Fixture.joe, pin: Self.joePIN)
        let joeRefresh = try #require(joe.refreshToken)
        let emma = try await app.login(credentials: Fixture.emma, pin: Self.emmaPIN)
        let emmaRefresh = try #require(emma.refreshToken)
        // Another process, which never held Joe's or Emma's key.
        let other = try fixture.makeApp()
        let joeThere = try #require(other.user(id: joe.id))
        for attempt in 1...WrongSecretLimits.logOutAfter {
            fixture.clock.advance(by: WrongSecretLimits.delay(after: attempt - 1) ?? 0)
            _ = await rosterError { try await joeThere.unlock(secret: "00000000") }
        }
        #expect(joeThere.state == .loggedOut)
        #expect(await fixture.refreshStatus(joeRefresh) == 401)

        let emmaThere = try #require(other.user(id: emma.id))
        #expect(emmaThere.isLocked)
        #expect(await fixture.refreshStatus(emmaRefresh) == 200)
        await #expect(throws: RosterError.locked(user: "emma@example.com", secret: .pin)) { try await emmaThere.logOut() }
        #expect(await fixture.refreshStatus(emmaRefresh) == 200)
        try await emmaThere.unlock(secret: Self.emmaPIN)
        let report = try await emmaThere.logOut()
        #expect(report.revocationError == nil)
        #expect(await fixture.refreshStatus(emmaRefresh) == 401)
        #expect(try other.history().contains { $0.event == .loggedOut && $0.userId == emma.id })
    }

    // BEHAVIOURS 48, 53
    @Test func aLogOutWhileOfflineIsQueuedAndSentLater() async throws {
        let (fixture, app, joe, _) = try await pinDevice()
        try await app.switchUser(to: joe, secret: Self.joePIN)
        let joeRefresh = try #require(joe.refreshToken)
        let other = try fixture.makeApp()
        let joeThere = try #require(other.user(id: joe.id))
        #expect(joeThere.isLocked)
        fixture.transport.offline = true
        try await joeThere.unlock(secret: Self.joePIN)  // the PIN opens the seal here, without the server
        #expect(try await joeThere.logOut().revocationError?.isNetwork == true)
        #expect(await fixture.refreshStatus(joeRefresh) == 200)
        fixture.transport.offline = false
        #expect(await other.sendPendingRevocations() == 1)
        #expect(await fixture.refreshStatus(joeRefresh) == 401)
    }

    // BEHAVIOURS 45
    @Test func theRightPINClearsTheCount() async throws {
        let (fixture, _, joe, _) = try await pinDevice()
        let other = try fixture.makeApp()
        let joeThere = try #require(other.user(id: joe.id))
        for _ in 1...2 { _ = await rosterError { try await joeThere.unlock(secret: "00000000") } }
        try await joeThere.unlock(secret: Self.joePIN)
        joeThere.lock()
        #expect(await rosterError { try await joeThere.unlock(secret: "00000000") } == .wrongSecret(user: "joe@example.com", secret: .pin, remaining: 9))
    }

    // BEHAVIOURS 46
    @Test func changingAPINNeedsTheOldOne() async throws {
        let (fixture, _, joe, _) = try await pinDevice()
        let other = try fixture.makeApp()
        let joeThere = try #require(other.user(id: joe.id))
        #expect(await rosterError { try await joeThere.changePIN(old: "00000000", new: "55554444") } == .wrongSecret(user: "joe@example.com", secret: .pin, remaining: 9))
        #expect(await rosterError { try await joeThere.changePIN(old: Self.joePIN, new: "12") }?.description.contains("at least 4") == true)
        try await joeThere.changePIN(old: Self.joePIN, new: "55554444")
        let third = try fixture.makeApp()
        let joeThird = try #require(third.user(id: joe.id))
        #expect(await rosterError { try await joeThird.unlock(secret: Self.joePIN) } != nil)
        try await joeThird.unlock(secret: "55554444")
        #expect(joeThird.customData["favoriteColor"] == "green")
    }

    // BEHAVIOURS 46
    @Test func looseningThePolicyNeedsThePINOfEveryoneItExposes() async throws {
        let (fixture, _, joe, emma) = try await pinDevice()
        let other = try fixture.makeApp()
        let refused = await rosterError { try await other.setPolicy(DevicePolicy(switching: .open), pins: [joe.id: Self.joePIN]) }
        #expect(refused?.description.contains("emma@example.com") == true)
        #expect(try other.policy().switching == .pin)
        #expect(try #require(other.user(id: emma.id)).isLocked)
        // The idle lock's time and action are the terminal's settings: no PIN asked (issue 31).
        try await other.setPolicy(DevicePolicy(switching: .pin, lockAfter: 60))
        try await other.setPolicy(DevicePolicy(switching: .pin, lockAfter: 600, onIdle: .logoutToNobody))
        try await other.setPolicy(DevicePolicy(switching: .pin, lockAfter: nil, onIdle: .lock))
        #expect(try other.policy() == DevicePolicy(switching: .pin))
        #expect(try #require(other.user(id: emma.id)).isLocked)

        try await other.setPolicy(DevicePolicy(switching: .open), pins: [joe.id: Self.joePIN, emma.id: Self.emmaPIN])
        #expect(try other.policy() == DevicePolicy(switching: .open))
        let third = try fixture.makeApp()
        try third.switchUser(to: try #require(third.user(id: joe.id)))
        #expect(third.currentUser?.id == joe.id)
        #expect(third.currentUser?.customData["favoriteColor"] == "green")
    }

    // BEHAVIOURS 43
    @Test func tighteningKeepsThoseGivenAPINAndLogsOutTheRest() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let emma = try await app.login(credentials: Fixture.emma)
        let emmaRefresh = try #require(emma.refreshToken)
        let loggedOut = try await app.setPolicy(DevicePolicy(switching: .pin), pins: [joe.id: Self.joePIN])
        #expect(loggedOut == ["emma@example.com"])
        #expect(emma.state == .loggedOut)
        #expect(await fixture.refreshStatus(emmaRefresh) == 401)
        #expect(joe.isLocked)
        #expect(app.currentUser == nil)
        try await app.switchUser(to: joe, secret: Self.joePIN)
        #expect(joe.customData["favoriteColor"] == "green")
    }

    // BEHAVIOURS 43, 45
    @Test func underPasswordEmailUsersGiveTheirPasswordCheckedByTheServer() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        try await app.setPolicy(DevicePolicy(switching: .password))
        let joe = try await app.login(credentials: Fixture.joe)
        #expect(joe.secretKind == .password)
        // Other providers fall back to a PIN.
        #expect(await rosterError { try await app.login(credentials: .anonymousNew) }?.description.contains("PIN") == true)
        let anonymous = try await app.login(credentials: .anonymousNew, pin: Self.emmaPIN)
        #expect(anonymous.secretKind == .pin)

        let other = try fixture.makeApp()
        let joeThere = try #require(other.user(id: joe.id))
        fixture.transport.reset()
        let wrong = await rosterError { try await other.switchUser(to: joeThere, secret: "not-his") }
        #expect(wrong == .wrongSecret(user: "joe@example.com", secret: .password, remaining: 9))
        #expect(fixture.transport.log.contains { $0.hasSuffix("/auth/providers/local-userpass/login") }, "checked by logging in again")
        try await other.switchUser(to: joeThere, secret: "passw0rd")
        #expect(joeThere.customData["favoriteColor"] == "green")

        // Without the server, the seal on the device is what the password is checked against.
        let third = try fixture.makeApp()
        let joeThird = try #require(third.user(id: joe.id))
        fixture.transport.offline = true
        #expect(await rosterError { try await joeThird.unlock(secret: "not-his") } == .wrongSecret(user: "joe@example.com", secret: .password, remaining: 9))
        try await joeThird.unlock(secret: "passw0rd")
        #expect(!joeThird.isLocked)
    }

    // BEHAVIOURS 17, 43
    @Test func underPinLoggingOutTheActiveUserLeavesNobodyActive() async throws {
        let (_, app, joe, emma) = try await pinDevice()
        #expect(app.currentUser?.id == emma.id)
        _ = try await emma.logOut()
        #expect(app.currentUser == nil)
        #expect(joe.state == .loggedIn)
        _ = try await app.login(credentials: Fixture.emma, pin: Self.emmaPIN)
        try await emma.remove()
        #expect(app.currentUser == nil)
    }

    // BEHAVIOURS 48
    @Test func anOfflineLogOutIsRevokedWhenTheServerIsNextReachable() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let refresh = try #require(joe.refreshToken)
        fixture.transport.offline = true
        let report = try await joe.logOut()
        #expect(report.revocationError?.isNetwork == true)
        #expect(joe.state == .loggedOut && joe.refreshToken == nil)
        #expect(await fixture.refreshStatus(refresh) == 200)
        // The queue is sealed: the refresh token is nowhere on disk in clear.
        #expect(try await Self.filesHolding([refresh], in: fixture.directory).isEmpty)
        // What is queued can only end the session: opened with the device key, it is the
        // revocation token, not the refresh token.
        let store = try SQLiteDeviceStore(directory: fixture.directory)
        let sealer = SessionSealer(
            deviceKey: try DeviceKey.load(in: fixture.directory, expectedId: try store.deviceKeyId(), randomBytes: { _ in [] }),
            randomBytes: { _ in [] })
        let queued = try store.pendingRevocations().map { queued in
            try sealer.open(queued.sealed, key: sealer.deviceRowKey(userId: queued.userId), userId: queued.userId, entry: queued.entry)
                .refreshToken
        }
        #expect(queued.count == 1)
        #expect(!queued.contains(refresh))
        #expect(await app.sendPendingRevocations() == 0)
        fixture.transport.offline = false
        // Another process sends it, at its next log-in.
        _ = try await fixture.makeApp().login(credentials: Fixture.emma)
        #expect(await fixture.refreshStatus(refresh) == 401)
        #expect(await app.sendPendingRevocations() == 0)
        #expect(try app.history().contains { $0.event == .revoked && $0.userId == joe.id })
    }

    // BEHAVIOURS 50
    @Test func aTamperedRowIsReportedKeptAndLogsNobodyIn() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let store = try SQLiteDeviceStore(directory: fixture.directory)
        let before = try #require(try store.user(id: joe.id)?.sealed?.box)
        var flipped = before
        flipped[flipped.count / 2] ^= 0x40
        let changed = flipped
        try await store.pool.write { db in
            try db.execute(sql: "UPDATE user SET sealed_box = ? WHERE id = ?", arguments: [changed, joe.id])
        }
        let other = try fixture.makeApp()
        let joeThere = try #require(other.user(id: joe.id))
        let error = await rosterError { try await joeThere.freshAccessToken() }
        #expect(error?.description.contains("cannot be opened") == true)
        #expect(error?.description.contains("kept") == true)
        #expect(joeThere.customData == .emptyObject)
        #expect(joeThere.state == .loggedIn)
        #expect(try store.user(id: joe.id)?.sealed?.box == changed)
    }

    // BEHAVIOURS 50
    @Test func aRowCopiedFromAnotherDeviceIsReportedAndKept() async throws {
        let fixture = try await Fixture.start()
        let here = try fixture.makeApp()
        let joe = try await here.login(credentials: Fixture.joe)
        let elsewhere = fixture.root.appendingPathComponent("other-device")
        _ = try await fixture.makeApp(directory: elsewhere).login(credentials: Fixture.joe)
        let theirs = try #require(try SQLiteDeviceStore(directory: elsewhere).user(id: joe.id)?.sealed)
        let store = try SQLiteDeviceStore(directory: fixture.directory)
        try await store.pool.write { db in
            try db.execute(
                sql: "UPDATE user SET sealed_box = ?, sealed_by = ? WHERE id = ?", arguments: [theirs.box, theirs.sealedBy, joe.id])
        }
        let error = await rosterError { try await fixture.makeApp().user(id: joe.id)?.freshAccessToken() }
        #expect(error?.description.contains("another device") == true)
        #expect(try store.user(id: joe.id)?.sealed?.box == theirs.box)
    }

    // BEHAVIOURS 42, 50
    @Test func aMissingDeviceKeyIsReportedAndNotReplaced() async throws {
        let fixture = try await Fixture.start()
        _ = try await fixture.makeApp().login(credentials: Fixture.joe)
        let file = DeviceKey.file(in: fixture.directory)
        try FileManager.default.removeItem(at: file)
        let error = #expect(throws: RosterError.self) { try fixture.makeApp() }
        #expect(error?.description.contains("missing") == true)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func theHistorySaysWhoDidWhatAndNoSecret() async throws {
        let (fixture, app, joe, _) = try await pinDevice()
        let other = try fixture.makeApp()
        _ = await rosterError { try await other.switchUser(to: try #require(other.user(id: joe.id)), secret: "00000000") }
        try await app.switchUser(to: joe, secret: Self.joePIN)
        _ = try await joe.logOut()
        let events = try app.history().map { "\($0.event.rawValue) \($0.userName ?? "")" }
        #expect(Array(events.prefix(5)) == [
            "log-out joe@example.com", "switch joe@example.com", "unlock joe@example.com", "wrong PIN joe@example.com",
            "log-in emma@example.com",
        ])
        #expect(!events.joined().contains(Self.joePIN) && !events.joined().contains("00000000"))
    }

    /// The files under `directory` whose bytes hold any of `needles`.
    static func filesHolding(_ needles: [String], in directory: URL) async throws -> [String] {
        var found: [String] = []
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            for needle in needles where data.range(of: Data(needle.utf8)) != nil {
                found.append("\(file.lastPathComponent) holds \(needle.prefix(12))…")
            }
        }
        return found
    }
}
