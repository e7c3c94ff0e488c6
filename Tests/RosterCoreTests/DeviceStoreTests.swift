import Foundation
import RosterWire
import Testing

@testable import RosterCore

/// The SQLite device store on its own, two instances over one file standing in for two
/// processes.
@Suite("Device store")
struct DeviceStoreTests {
    let temporary: TemporaryDirectory
    let directory: URL
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        temporary = try TemporaryDirectory("roster-store")
        directory = temporary.url.appendingPathComponent("device")
    }

    let sealer = SessionSealer(deviceKey: DeviceKey(bytes: Data(repeating: 7, count: 32)), randomBytes: { count in
        (0..<count).map { _ in UInt8.random(in: 0...255) }
    })

    func login(_ id: String, refresh: String, at offset: TimeInterval = 0) -> LoginRecord {
        let sealer = sealer
        return LoginRecord(
            id: id, seal: { entry in try sealer.seal(SessionSecrets(refreshToken: refresh, accessToken: "a.b.c"), key: sealer.deviceRowKey(userId: id), kind: .device, userId: id, entry: entry) },
            lifetime: 1800, receivedAt: start.addingTimeInterval(offset),
            deviceId: "device-1", identities: [Identity(id: "i-\(id)", provider: .emailPassword)],
            profile: ["email": .string("\(id)@example.com")])
    }

    /// The tokens a stored row holds, opened with the device key.
    func secrets(_ row: StoredUser?) throws -> SessionSecrets? {
        guard let row, let sealed = row.sealed else { return nil }
        return try sealer.open(sealed, key: sealer.deviceRowKey(userId: row.id), userId: row.id, entry: row.entry)
    }

    func sealed(_ id: String, entry: String, refresh: String, access: String) throws -> SealedSession {
        try sealer.seal(SessionSecrets(refreshToken: refresh, accessToken: access), key: sealer.deviceRowKey(userId: id), kind: .device, userId: id, entry: entry)
    }

    // BEHAVIOURS 29
    @Test func aRefreshOnlyLandsIfTheSessionIsStillTheOneUsed() throws {
        let one = try SQLiteDeviceStore(directory: directory)
        let two = try SQLiteDeviceStore(directory: directory)
        let stored = try one.saveLogIn(login("joe", refresh: "r1"), newEntry: "e1", at: start)
        // The other process logs Joe in again meanwhile: a new refresh token.
        _ = try two.saveLogIn(login("joe", refresh: "r2", at: 5), newEntry: "e2", at: start.addingTimeInterval(5))
        let late = try one.storeSession(
            id: "joe", entry: stored.entry, replacing: try #require(stored.sealed?.box),
            sealed: try sealed("joe", entry: "e1", refresh: "r1", access: "x.y.z"), receivedAt: start.addingTimeInterval(6), lifetime: 1800)
        #expect(late == nil)
        let now = try #require(try two.user(id: "joe"))
        #expect(try secrets(now) == SessionSecrets(refreshToken: "r2", accessToken: "a.b.c"))
        #expect(now.entry == "e1")  // the same stay on the device: the row was updated, not replaced

        let fresh = try one.storeSession(
            id: "joe", entry: "e1", replacing: try #require(now.sealed?.box),
            sealed: try sealed("joe", entry: "e1", refresh: "r2", access: "x.y.z"), receivedAt: start.addingTimeInterval(7), lifetime: 1800)
        #expect(try secrets(fresh)?.accessToken == "x.y.z")
        #expect(try secrets(two.user(id: "joe"))?.accessToken == "x.y.z")
    }

    // BEHAVIOURS 27, 29
    @Test func aDeadSessionOnlyLogsOutTheSessionThatDied() throws {
        let store = try SQLiteDeviceStore(directory: directory)
        let first = try store.saveLogIn(login("joe", refresh: "r1"), newEntry: "e1", at: start)
        let second = try store.saveLogIn(login("joe", refresh: "r2"), newEntry: "e1", at: start)
        let firstBox = try #require(first.sealed?.box)
        #expect(try store.endSession(id: "joe", entry: "e1", remove: false, onlyIfBox: firstBox, chooseNext: true) == nil)
        #expect(try store.user(id: "joe")?.state == .loggedIn)
        let ended = try store.endSession(id: "joe", entry: "e1", remove: false, onlyIfBox: second.sealed?.box, chooseNext: true)
        #expect(try secrets(ended?.before)?.refreshToken == "r2")
        #expect(ended?.currentUserId == nil)
        #expect(try store.user(id: "joe")?.state == .loggedOut)
        #expect(try store.user(id: "joe")?.sealed == nil)
    }

    // BEHAVIOURS 17, 22
    @Test func endingTheCurrentSessionPicksTheLatestActiveLoggedInUser() throws {
        let store = try SQLiteDeviceStore(directory: directory)
        _ = try store.saveLogIn(login("ann", refresh: "ra"), newEntry: "ea", at: start)
        _ = try store.saveLogIn(login("bob", refresh: "rb"), newEntry: "eb", at: start.addingTimeInterval(10))
        _ = try store.saveLogIn(login("cat", refresh: "rc"), newEntry: "ec", at: start.addingTimeInterval(20))
        _ = try store.endSession(id: "bob", entry: "eb", remove: false, onlyIfBox: nil, chooseNext: true)
        #expect(try store.currentUserId() == "cat")
        #expect(try store.makeCurrent(id: "bob", entry: "eb", at: start.addingTimeInterval(30)) == .notLoggedIn(try #require(try store.user(id: "bob"))))
        #expect(try store.makeCurrent(id: "ann", entry: "ea", at: start.addingTimeInterval(40)).isSwitched)
        #expect(try store.users().map(\.id) == ["ann", "cat", "bob"])
        let ended = try store.endSession(id: "ann", entry: "ea", remove: true, onlyIfBox: nil, chooseNext: true)
        #expect(ended?.currentUserId == "cat")
        #expect(try store.users().map(\.id) == ["cat", "bob"])
        #expect(try store.makeCurrent(id: "ann", entry: "ea", at: start) == .gone)
    }

    // BEHAVIOURS 17, 43
    @Test func underAPolicyWithPINsEndingTheCurrentSessionLeavesNobodyActive() throws {
        let store = try SQLiteDeviceStore(directory: directory)
        _ = try store.saveLogIn(login("ann", refresh: "ra"), newEntry: "ea", at: start)
        _ = try store.saveLogIn(login("bob", refresh: "rb"), newEntry: "eb", at: start.addingTimeInterval(10))
        let ended = try store.endSession(id: "bob", entry: "eb", remove: false, onlyIfBox: nil, chooseNext: false)
        #expect(ended?.currentUserId == nil)
        #expect(try store.currentUserId() == nil)
        #expect(try store.user(id: "ann")?.state == .loggedIn)
    }

    // BEHAVIOURS 45
    @Test func wrongSecretsAreCountedInTheStoreAcrossInstances() throws {
        let one = try SQLiteDeviceStore(directory: directory)
        let two = try SQLiteDeviceStore(directory: directory)
        _ = try one.saveLogIn(login("ann", refresh: "ra"), newEntry: "ea", at: start)
        for _ in 0..<2 { _ = try one.beginSecretTry(id: "ann", entry: "ea", at: start) { WrongSecretLimits.delay(after: $0) } }
        #expect(try two.user(id: "ann")?.secretRetryAt == nil)
        #expect(try two.beginSecretTry(id: "ann", entry: "ea", at: start) { WrongSecretLimits.delay(after: $0) } == .counted(3))
        #expect(try one.user(id: "ann")?.secretRetryAt == start.addingTimeInterval(5))
        // The wait is checked in the same transaction that counts: the fourth is not counted.
        #expect(try two.beginSecretTry(id: "ann", entry: "ea", at: start.addingTimeInterval(1)) { WrongSecretLimits.delay(after: $0) }
            == .waiting(until: start.addingTimeInterval(5)))
        #expect(try one.user(id: "ann")?.wrongSecrets == 3)
        try two.clearWrongSecrets(id: "ann", entry: "ea")
        #expect(try one.user(id: "ann")?.wrongSecrets == 0)
        #expect(try one.user(id: "ann")?.secretRetryAt == nil)
        #expect(try one.beginSecretTry(id: "ann", entry: "other", at: start) { _ in nil } == .gone)
    }

    // BEHAVIOURS 40
    @Test func concurrentWritersOnOneFileLoseNothing() async throws {
        let stores = [try SQLiteDeviceStore(directory: directory), try SQLiteDeviceStore(directory: directory)]
        let start = start
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask {
                    for n in 0..<40 {
                        let id = "u\(index)-\(n)"
                        _ = try store.saveLogIn(
                            LoginRecord(
                                id: id, seal: { _ in SealedSession(box: Data("r-\(id)".utf8), kind: .device, sealedBy: "k") },
                                lifetime: 1800, receivedAt: start, deviceId: nil, identities: [], profile: [:]),
                            newEntry: "e-\(id)", at: start.addingTimeInterval(Double(n)))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try stores[0].users().count == 80)
        #expect(try stores[1].revision() == 80)
    }
}

extension SwitchOutcome {
    var isSwitched: Bool {
        if case .switched = self { return true }
        return false
    }
}
