import Crypto
import Foundation
import RosterWire
import Testing

@testable import RosterCore

/// Server-assisted unlock (BEHAVIOURS 55) against a real in-process server: a session sealed
/// with a PIN under `--unlock server` opens only with the server's half, which it gives to a right
/// proof of the PIN and counts wrong ones of. A copy of the device directory stands in for an
/// attacker who took `device.key` and `device.sqlite`.
@Suite("Server-assisted unlock")
struct ServerUnlockTests {
    static let joePIN = "482915"

    /// Joe logged in with his PIN under `pin` with `--unlock server`; the app and a copy of the
    /// device directory, opened over a transport of its own.
    func serverDevice() async throws -> (Fixture, App, User) {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        try await app.setPolicy(DevicePolicy(switching: .pin, unlock: .server))
        let joe = try await app.login(credentials: Fixture.joe, pin: Self.joePIN)
        return (fixture, app, joe)
    }

    func copy(of fixture: Fixture, transport: TestTransport) throws -> App {
        let copy = fixture.temporary.url.appendingPathComponent("copied-device-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: fixture.directory, to: copy)
        return try fixture.makeApp(directory: copy, transport: transport)
    }

    // BEHAVIOURS 55
    @Test func aCopiedDeviceCannotCheckAPINWithoutTheServerAndItsGuessesCountThere() async throws {
        let (fixture, app, joe) = try await serverDevice()
        let row = try #require(try app.store.user(id: joe.id))
        let sealed = try #require(row.sealed)
        #expect(sealed.kind == .serverPIN && sealed.unlockId?.count == 64)
        // Even the right PIN, with the device key and the salt, does not open the row alone:
        // neither the key a device-checked PIN makes nor the PIN's half matches.
        let sealer = app.keys.sealer
        let salt = try #require(sealed.salt)
        let cost = try #require(sealed.cost)
        #expect(!sealer.matches(sealed, key: try sealer.secretKey(Self.joePIN, salt: salt, cost: cost, userId: joe.id)))
        #expect(!sealer.matches(sealed, key: try sealer.unlockMaterial(Self.joePIN, salt: salt, cost: cost).pinHalf))

        // The copy, without the server: nothing is checked, and it says why.
        let copyTransport = fixture.makeTransport()
        let copy = try copy(of: fixture, transport: copyTransport)
        let joeThere = try #require(copy.user(id: joe.id))
        copyTransport.offline = true
        do {
            try await joeThere.unlock(secret: Self.joePIN)
            Issue.record("the copy opened Joe's session without the server")
        } catch let error as RosterError {
            guard case .unlockUnreachable(let user, _) = error else { Issue.record("\(error)"); return }
            #expect(user == "joe@example.com")
            #expect(error.description.contains("the server holds half of the key to joe@example.com's session and cannot be reached"))
        }
        // With the server, each guess reaches it and counts there, for the device too. (The copy
        // counted its unanswered try itself: 2 there, 1 on the server.)
        copyTransport.offline = false
        await #expect(throws: RosterError.wrongSecret(user: "joe@example.com", secret: .pin, remaining: 8)) {
            try await joeThere.unlock(secret: "111111")
        }
        // The device's own first wrong try is the server's second: 8 left, not 9.
        let otherProcess = try fixture.makeApp()
        let joeHere = try #require(otherProcess.user(id: joe.id))
        await #expect(throws: RosterError.wrongSecret(user: "joe@example.com", secret: .pin, remaining: 8)) {
            try await joeHere.unlock(secret: "222222")
        }
        try await joeHere.unlock(secret: Self.joePIN)
        #expect(try await joeHere.freshAccessToken().isEmpty == false)
    }

    // BEHAVIOURS 55
    @Test func tenWrongProofsEraseTheServersHalfAndTheRightPINThenSaysLogInAgain() async throws {
        let (fixture, app, joe) = try await serverDevice()
        let copy = try copy(of: fixture, transport: fixture.makeTransport())
        let joeThere = try #require(copy.user(id: joe.id))
        var last: RosterError?
        for _ in 0..<10 {
            fixture.clock.advance(by: 1_000)  // past the copy's own waits
            do {
                try await joeThere.unlock(secret: "000000")
            } catch let error as RosterError {
                last = error
            }
        }
        #expect(last == .tooManyWrongSecrets(user: "joe@example.com", secret: .pin))
        // The device itself never guessed: its right PIN finds the server's half gone.
        let here = try #require(try fixture.makeApp().user(id: joe.id))
        await #expect(throws: RosterError.sessionExpired(user: "joe@example.com", reason: "the server no longer holds the other half of its key")) {
            try await here.unlock(secret: Self.joePIN)
        }
        #expect(here.state == .loggedOut)
        #expect(try app.history().contains { $0.event == .sessionEnded && $0.userId == joe.id })
    }

    // BEHAVIOURS 55
    /// A copied device folder guessing while its owner unlocks with the right PIN between rounds,
    /// each round from a fresh copy (its own count of wrong PINs at zero, as a guesser can always
    /// have it): the right PIN gives no guess back on the server, so the copies have ten in all,
    /// not nine per unlock; the owner is told at each unlock how many wrong PINs came since the
    /// last.
    @Test func copiesGuessingBetweenTheOwnersUnlocksHaveTenGuessesInAllAndTheOwnerIsTold() async throws {
        let (fixture, app, joe) = try await serverDevice()
        var left = WrongSecretLimits.logOutAfter
        for round in 1...3 {
            let joeThere = try #require(try copy(of: fixture, transport: fixture.makeTransport()).user(id: joe.id))
            for _ in 0..<3 {
                fixture.clock.advance(by: 1_000)  // past the copy's own waits
                left -= 1
                await #expect(throws: RosterError.wrongSecret(user: "joe@example.com", secret: .pin, remaining: left)) {
                    try await joeThere.unlock(secret: "000000")
                }
            }
            // The owner, in a process of their own on the device, unlocks with the right PIN.
            let owner = try #require(try fixture.makeApp().user(id: joe.id))
            let report = try await owner.unlock(secret: Self.joePIN)
            #expect(report == UnlockReport(user: "joe@example.com", wrongPINsSinceLastUnlock: 3, triesLeft: left), "round \(round)")
            #expect(report.notice?.hasPrefix("3 wrong PINs were tried since joe@example.com's last unlock") == true)
            let told = try app.history().filter { $0.event == .wrongPINsReported && $0.userId == joe.id }
            #expect(told.count == round && told.first?.userName == "joe@example.com: 3 since the last unlock")
        }
        // Nine wrong PINs in three rounds: a fresh copy's first guess is the tenth in all.
        let last = try #require(try copy(of: fixture, transport: fixture.makeTransport()).user(id: joe.id))
        let later = try copy(of: fixture, transport: fixture.makeTransport())
        await #expect(throws: RosterError.tooManyWrongSecrets(user: "joe@example.com", secret: .pin)) {
            try await last.unlock(secret: "000000")
        }
        // The server's half is erased: no copy opens, even with the right PIN, nor the device.
        let gone = RosterError.sessionExpired(user: "joe@example.com", reason: "the server no longer holds the other half of its key")
        await #expect(throws: gone) { try await #require(later.user(id: joe.id)).unlock(secret: Self.joePIN) }
        let owner = try #require(try fixture.makeApp().user(id: joe.id))
        await #expect(throws: gone) { try await owner.unlock(secret: Self.joePIN) }
        #expect(owner.state == .loggedOut)
    }

    // BEHAVIOURS 55
    @Test func theOwnersUnlockWithNoWrongPINsSinceTellsNothing() async throws {
        let (fixture, _, joe) = try await serverDevice()
        let owner = try #require(try fixture.makeApp().user(id: joe.id))
        let report = try await owner.unlock(secret: Self.joePIN)
        #expect(report.wrongPINsSinceLastUnlock == 0 && report.notice == nil && report.triesLeft == 10)
    }

    // BEHAVIOURS 55
    @Test func theServerIsSentNeitherThePINNorTheSaltAndItsHalfAloneOpensNothing() async throws {
        let (fixture, app, joe) = try await serverDevice()
        let other = try fixture.makeApp()
        try await #require(other.user(id: joe.id)).unlock(secret: Self.joePIN)
        let sealed = try #require(try app.store.user(id: joe.id)?.sealed)
        let salt = try #require(sealed.salt)
        for request in fixture.transport.requests {
            let body = request.body ?? Data()
            #expect(body.range(of: Data(Self.joePIN.utf8)) == nil, "\(request.path) carries the PIN")
            #expect(body.range(of: salt) == nil && body.range(of: Data(salt.base64EncodedString().utf8)) == nil, "\(request.path) carries the salt")
        }
        // What the server gives a right proof, with the right PIN's half but another device's key,
        // opens nothing: the device key is the third part.
        let material = try app.keys.sealer.unlockMaterial(Self.joePIN, salt: salt, cost: try #require(sealed.cost))
        guard case .released(let half, _, _) = try await app.keys.unlockKeys.release(unlockId: try #require(sealed.unlockId), proof: material.proof)
        else { Issue.record("the right proof was refused"); return }
        let strangerDirectory = fixture.temporary.url.appendingPathComponent("stranger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: strangerDirectory, withIntermediateDirectories: true)
        let strangerKey = try DeviceKey.load(in: strangerDirectory, expectedId: nil, randomBytes: { Array(repeating: 1, count: $0) })
        let stranger = SessionSealer(deviceKey: strangerKey, randomBytes: { Array(repeating: 1, count: $0) })
        #expect(!stranger.matches(sealed, key: stranger.serverUnlockKey(pinHalf: material.pinHalf, serverHalf: half, userId: joe.id)))
        #expect(app.keys.sealer.matches(sealed, key: app.keys.sealer.serverUnlockKey(pinHalf: material.pinHalf, serverHalf: half, userId: joe.id)))
    }

    // BEHAVIOURS 46, 55
    @Test func switchingAndChangingThePINWorkAsUnderDeviceUnlock() async throws {
        let (fixture, app, joe) = try await serverDevice()
        let emma = try await app.login(credentials: Fixture.emma, pin: "739104")
        #expect(app.currentUser?.id == emma.id)
        try await app.switchUser(to: joe, secret: Self.joePIN)
        #expect(app.currentUser?.id == joe.id)
        try await joe.changePIN(old: Self.joePIN, new: "605182")
        let other = try fixture.makeApp()
        let joeThere = try #require(other.user(id: joe.id))
        await #expect(throws: RosterError.wrongSecret(user: "joe@example.com", secret: .pin, remaining: 9)) {
            try await joeThere.unlock(secret: Self.joePIN)
        }
        try await joeThere.unlock(secret: "605182")
        #expect(try app.store.user(id: joe.id)?.sealed?.kind == .serverPIN)
    }
}
