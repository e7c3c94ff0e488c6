import Foundation
import RosterWire
import Testing

@testable import RosterCore

/// `SessionKeys` on its own, over a real SQLite device store in a temporary directory and no
/// server: what it seals, what it opens, and how it counts wrong PINs.
@Suite("Session keys")
struct SessionKeysTests {
    let temporary: TemporaryDirectory
    let clock = TestClock()
    let secrets = SessionSecrets(refreshToken: "refresh.jwt.value", accessToken: "access.jwt.value")

    init() throws {
        temporary = try TemporaryDirectory("roster-keys")
    }

    /// An App over the temporary directory whose every request fails as a dropped connection:
    /// nothing here may need the server.
    func makeApp() throws -> App {
        let transport = TestTransport(InProcessTransport { _ in WireResponse(status: 500) })
        transport.offline = true
        var configuration = AppConfiguration(
            appId: "roster-demo", transport: transport, directory: temporary.url.appendingPathComponent("device"), clock: clock)
        configuration.secretKeyDerivation = SecretKeyDerivation(logN: 8, r: 8, p: 1)
        return try App(configuration: configuration)
    }

    /// Stores Joe's session sealed with `pin`, with a revocation token under the device key, as a
    /// log-in under the `pin` policy does.
    func storeJoe(in app: App, pin: String) async throws -> User {
        let keys = app.keys
        let plan = try await keys.sealPlan(userId: "joe", policy: .pin, credentials: nil, secret: pin)
        let secrets = secrets
        let sealer = keys.sealer
        let record = LoginRecord(
            id: "joe", seal: { entry in try keys.seal(secrets, plan: plan, userId: "joe", entry: entry) },
            sealRevocation: { entry in try sealer.sealRevocation("revocation.jwt.value", userId: "joe", entry: entry) },
            lifetime: 1800, receivedAt: clock.now(), deviceId: nil,
            identities: [Identity(id: "i-joe", provider: .emailPassword)], profile: ["email": .string("joe@example.com")])
        let row = try app.store.saveLogIn(record, newEntry: "e1", at: clock.now())
        return app.sessions.handle(for: row)
    }

    // BEHAVIOURS 44
    @Test func aPINSealedRowOpensOnlyOnceUnlocked() async throws {
        let app = try makeApp()
        let joe = try await storeJoe(in: app, pin: "2468")
        let keys = app.keys
        let row = try #require(joe.load())
        #expect(row.sealed?.kind == .pin)
        #expect(!keys.isUnlocked(row))
        #expect(keys.openedIfUnlocked(row) == nil)
        #expect(throws: RosterError.locked(user: "joe@example.com", secret: .pin)) { try keys.loggedInRow(joe) }

        try await keys.unlock(joe, secret: "2468")
        #expect(keys.isUnlocked(row))
        #expect(try keys.loggedInRow(joe).secrets == secrets)

        // Another user becoming active drops Joe's key: he is sealed again for this process.
        keys.keepOnlyUnlocked(entry: "someone-else")
        #expect(!keys.isUnlocked(row))
        #expect(keys.openedIfUnlocked(row) == nil)
    }

    // BEHAVIOURS 43
    @Test func aKeyHeldByOneProcessIsNotAnothers() async throws {
        let first = try makeApp()
        let joe = try await storeJoe(in: first, pin: "2468")
        try await first.keys.unlock(joe, secret: "2468")

        let second = try makeApp()
        let row = try #require(try second.store.user(id: "joe"))
        #expect(!second.keys.isUnlocked(row))
        #expect(first.keys.isUnlocked(row))
    }

    // BEHAVIOURS 45
    @Test func wrongPINsAreCountedThenMadeToWait() async throws {
        let app = try makeApp()
        let joe = try await storeJoe(in: app, pin: "2468")
        let keys = app.keys
        for remaining in [9, 8, 7] {
            let error = await rosterError { try await keys.unlock(joe, secret: "1111") }
            #expect(error == .wrongSecret(user: "joe@example.com", secret: .pin, remaining: remaining))
            // What the PIN box shows: the tries left, and the wait the next try will meet.
            #expect(error?.wrongTriesLeft == remaining)
            #expect(error?.secondsBeforeNextTry == (remaining == 7 ? 5 : nil))
        }
        // After three, a try must wait, even the right PIN, even from another process: the count
        // is in the store. A try that waits is not counted.
        let waiting = await rosterError { try await makeApp().keys.unlock(joe, secret: "2468") }
        #expect(waiting == .secretDelayed(user: "joe@example.com", secret: .pin, seconds: 5))
        clock.advance(by: 5)
        let fourth = await rosterError { try await keys.unlock(joe, secret: "1111") }
        #expect(fourth == .wrongSecret(user: "joe@example.com", secret: .pin, remaining: 6))
        let longer = await rosterError { try await keys.unlock(joe, secret: "2468") }
        #expect(longer == .secretDelayed(user: "joe@example.com", secret: .pin, seconds: 10))
        #expect(fourth?.secondsBeforeNextTry == 10 && longer?.secondsBeforeNextTry == 10)

        // After the wait the right PIN opens it and clears the count.
        clock.advance(by: 10)
        try await keys.unlock(joe, secret: "2468")
        keys.lock(joe)
        let afterRight = await rosterError { try await keys.unlock(joe, secret: "1111") }
        #expect(afterRight == .wrongSecret(user: "joe@example.com", secret: .pin, remaining: 9))
    }

    // BEHAVIOURS 45, 48
    @Test func tenWrongPINsLogTheUserOutAndQueueTheRevocation() async throws {
        let app = try makeApp()
        let joe = try await storeJoe(in: app, pin: "2468")
        let keys = app.keys
        var last: RosterError?
        for _ in 0..<WrongSecretLimits.logOutAfter {
            clock.advance(by: 3600)
            last = await rosterError { try await keys.unlock(joe, secret: "1111") }
        }
        #expect(last == .tooManyWrongSecrets(user: "joe@example.com", secret: .pin))
        #expect(joe.state == .loggedOut)
        #expect(app.currentUser == nil)
        // The server could not be reached: the revocation waits, sealed with the device key.
        let queued = try #require(try app.store.pendingRevocations().first)
        #expect(queued.userId == "joe")
        // What waits is the revocation token, never the refresh token sealed with the PIN.
        let sealer = app.keys.sealer
        let opened = try sealer.open(queued.sealed, key: sealer.deviceRowKey(userId: "joe"), userId: "joe", entry: queued.entry)
        #expect(opened.refreshToken == "revocation.jwt.value")
        #expect(try app.history(limit: 20).contains { $0.event == .lockedOut && $0.userId == "joe" })
    }

    // BEHAVIOURS 46
    @Test func aChangedPINSealsTheSessionAnew() async throws {
        let app = try makeApp()
        let joe = try await storeJoe(in: app, pin: "2468")
        let keys = app.keys
        let before = try #require(joe.load()?.sealed)
        try await keys.changePIN(joe, old: "2468", new: "135790")
        let after = try #require(joe.load()?.sealed)
        #expect(after.box != before.box)
        #expect(after.salt != before.salt)
        // This process keeps the new key; another one needs the new PIN, and the old one is wrong.
        #expect(try keys.loggedInRow(joe).secrets == secrets)
        let other = try makeApp().keys
        let oldPIN = await rosterError { try await other.unlock(joe, secret: "2468") }
        #expect(oldPIN == .wrongSecret(user: "joe@example.com", secret: .pin, remaining: 9))
        try await other.unlock(joe, secret: "135790")
    }

    // BEHAVIOURS 44
    @Test func aPINPolicyNeedsAPINOfFourDigits() async throws {
        let keys = try makeApp().keys
        await #expect(throws: RosterError.invalidRequest(SessionKeys.pinNeeded(.pin))) {
            try await keys.sealPlan(userId: "joe", policy: .pin, credentials: nil, secret: nil)
        }
        await #expect(throws: RosterError.self) {
            try await keys.sealPlan(userId: "joe", policy: .pin, credentials: nil, secret: "12")
        }
        let open = try await keys.sealPlan(userId: "joe", policy: .open, credentials: nil, secret: nil)
        #expect(open.kind == .device && open.salt == nil)
        let password = try await keys.sealPlan(userId: "joe", policy: .password, credentials: Fixture.joe, secret: nil)
        #expect(password.kind == .password && password.salt != nil)
    }
}
