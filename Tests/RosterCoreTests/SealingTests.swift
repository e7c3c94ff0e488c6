import Crypto
import Foundation
import Testing

@testable import RosterCore

/// Sealing on its own: the device key file, PIN-derived keys, and rows that must not open.
@Suite("Sealing")
struct SealingTests {
    let temporary: TemporaryDirectory
    let random: @Sendable (Int) -> [UInt8] = { count in (0..<count).map { _ in UInt8.random(in: 0...255) } }
    let fast = SecretKeyDerivation(logN: 8, r: 8, p: 1)
    let secrets = SessionSecrets(refreshToken: "refresh.jwt.value", accessToken: "access.jwt.value")

    init() throws {
        temporary = try TemporaryDirectory("roster-sealing")
    }

    func sealer(_ byte: UInt8 = 1) -> SessionSealer {
        SessionSealer(deviceKey: DeviceKey(bytes: Data(repeating: byte, count: 32)), randomBytes: random)
    }

    // BEHAVIOURS 44
    @Test func aPINSealedSessionOpensWithItsPINOnly() throws {
        let sealer = sealer()
        let salt = sealer.newSalt()
        let key = try sealer.secretKey("4821", salt: salt, cost: fast, userId: "joe")
        let sealed = try sealer.seal(secrets, key: key, kind: .pin, userId: "joe", entry: "e1", salt: salt, cost: fast)
        #expect(try sealer.open(sealed, key: key, userId: "joe", entry: "e1") == secrets)
        // Nothing of the tokens is in the box as text.
        #expect(!String(decoding: sealed.box, as: UTF8.self).contains("jwt"))

        let wrong = try sealer.secretKey("4822", salt: salt, cost: fast, userId: "joe")
        #expect(!sealer.matches(sealed, key: wrong))
        #expect(throws: SessionSealer.OpenFailure.wrongSecret) { try sealer.open(sealed, key: wrong, userId: "joe", entry: "e1") }
        // The same PIN with another salt, or for another user, is another key.
        #expect(!sealer.matches(sealed, key: try sealer.secretKey("4821", salt: sealer.newSalt(), cost: fast, userId: "joe")))
        #expect(!sealer.matches(sealed, key: try sealer.secretKey("4821", salt: salt, cost: fast, userId: "emma")))
    }

    // BEHAVIOURS 50
    @Test func aTamperedOrMovedRowDoesNotOpen() throws {
        let sealer = sealer()
        let key = sealer.deviceRowKey(userId: "joe")
        let sealed = try sealer.seal(secrets, key: key, kind: .device, userId: "joe", entry: "e1")
        var flipped = sealed
        flipped.box[flipped.box.count / 2] ^= 0x01
        #expect(throws: SessionSealer.OpenFailure.damaged) { try sealer.open(flipped, key: key, userId: "joe", entry: "e1") }
        // Joe's box put in Emma's row (or in a later stay of Joe's) does not open there.
        #expect(throws: SessionSealer.OpenFailure.damaged) {
            try sealer.open(sealed, key: sealer.deviceRowKey(userId: "emma"), userId: "emma", entry: "e1")
        }
        #expect(throws: SessionSealer.OpenFailure.damaged) { try sealer.open(sealed, key: key, userId: "joe", entry: "e2") }
        // A PIN row with its kind rewritten to `device` does not open with the device key.
        let salt = sealer.newSalt()
        let pinKey = try sealer.secretKey("4821", salt: salt, cost: fast, userId: "joe")
        var downgraded = try sealer.seal(secrets, key: pinKey, kind: .pin, userId: "joe", entry: "e1", salt: salt, cost: fast)
        downgraded.kind = .device
        #expect(throws: SessionSealer.OpenFailure.damaged) { try sealer.open(downgraded, key: key, userId: "joe", entry: "e1") }
    }

    // BEHAVIOURS 50
    @Test func aRowSealedOnAnotherDeviceIsToldApart() throws {
        let here = sealer(1)
        let there = sealer(2)
        let sealed = try there.seal(secrets, key: there.deviceRowKey(userId: "joe"), kind: .device, userId: "joe", entry: "e1")
        #expect(throws: SessionSealer.OpenFailure.otherDevice) {
            try here.open(sealed, key: here.deviceRowKey(userId: "joe"), userId: "joe", entry: "e1")
        }
        // The same PIN on another device derives another key: the device key is in it.
        let salt = here.newSalt()
        #expect(try here.secretKey("4821", salt: salt, cost: fast, userId: "joe") != there.secretKey("4821", salt: salt, cost: fast, userId: "joe"))
    }

    // BEHAVIOURS 42
    @Test func theDeviceKeyFileIsOwnerOnlyAndNeverReplacedSilently() throws {
        let directory = temporary.url
        let made = try DeviceKey.load(in: directory, expectedId: nil, randomBytes: random)
        let file = DeviceKey.file(in: directory)
        #expect(PrivateFiles.mode(of: file) == 0o600)
        #expect(try DeviceKey.load(in: directory, expectedId: made.id, randomBytes: random).id == made.id)

        // Another device's key in its place is refused, and left as it is.
        let other = Data(repeating: 9, count: 32)
        try other.write(to: file)
        let wrong = #expect(throws: RosterError.self) { try DeviceKey.load(in: directory, expectedId: made.id, randomBytes: random) }
        #expect(wrong?.description.contains("not the key this device's sessions were sealed with") == true)
        #expect(FileManager.default.contents(atPath: file.path) == other)

        // A missing one is not made anew while sessions sealed under the old one remain.
        try FileManager.default.removeItem(at: file)
        let missing = #expect(throws: RosterError.self) { try DeviceKey.load(in: directory, expectedId: made.id, randomBytes: random) }
        #expect(missing?.description.contains("missing") == true)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    // BEHAVIOURS 45
    @Test func wrongPINsWaitLongerAfterThree() {
        #expect((1...2).map(WrongSecretLimits.delay(after:)) == [nil, nil])
        #expect((3...6).map(WrongSecretLimits.delay(after:)) == [5, 10, 20, 40])
        #expect(WrongSecretLimits.logOutAfter == 10)
    }

    @Test func aPINIsFourDigitsOrMore() {
        #expect(PINRule.problem(with: "4821") == nil)
        #expect(PINRule.problem(with: "482") != nil)
        #expect(PINRule.problem(with: "48a1") != nil)
        #expect(PINRule.problem(with: "") != nil)
        #expect(PINRule.problem(with: "٤٨٢١") != nil)
    }

    @Test func secretsNeverPrintTheirTokens() {
        #expect(!"\(secrets)".contains("jwt"))
        #expect(!String(reflecting: secrets).contains("jwt"))
    }
}
