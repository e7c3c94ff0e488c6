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

    func login(_ id: String, refresh: String, at offset: TimeInterval = 0) -> LoginRecord {
        LoginRecord(
            id: id, refreshToken: refresh, accessToken: "a.b.c", receivedAt: start.addingTimeInterval(offset),
            deviceId: "device-1", identities: [Identity(id: "i-\(id)", provider: .emailPassword)],
            profile: ["email": .string("\(id)@example.com")])
    }

    // BEHAVIOURS 29
    @Test func aRefreshOnlyLandsIfTheRefreshTokenIsStillTheOneUsed() throws {
        let one = try SQLiteDeviceStore(directory: directory)
        let two = try SQLiteDeviceStore(directory: directory)
        let stored = try one.saveLogIn(login("joe", refresh: "r1"), newEntry: "e1", at: start)
        // The other process logs Joe in again meanwhile: a new refresh token.
        _ = try two.saveLogIn(login("joe", refresh: "r2", at: 5), newEntry: "e2", at: start.addingTimeInterval(5))
        let late = try one.storeAccessToken(
            id: "joe", entry: stored.entry, usedRefreshToken: "r1", accessToken: "x.y.z", refreshToken: nil,
            receivedAt: start.addingTimeInterval(6))
        #expect(late == nil)
        let now = try #require(try two.user(id: "joe"))
        #expect(now.refreshToken == "r2")
        #expect(now.accessToken == "a.b.c")
        #expect(now.entry == "e1")  // the same stay on the device: the row was updated, not replaced

        let fresh = try one.storeAccessToken(
            id: "joe", entry: "e1", usedRefreshToken: "r2", accessToken: "x.y.z", refreshToken: nil,
            receivedAt: start.addingTimeInterval(7))
        #expect(fresh?.accessToken == "x.y.z")
        #expect(try two.user(id: "joe")?.accessToken == "x.y.z")
    }

    // BEHAVIOURS 27, 29
    @Test func aDeadSessionOnlyLogsOutTheSessionThatDied() throws {
        let store = try SQLiteDeviceStore(directory: directory)
        _ = try store.saveLogIn(login("joe", refresh: "r1"), newEntry: "e1", at: start)
        _ = try store.saveLogIn(login("joe", refresh: "r2"), newEntry: "e1", at: start)
        #expect(try store.endSession(id: "joe", entry: "e1", remove: false, onlyIfRefreshToken: "r1") == nil)
        #expect(try store.user(id: "joe")?.state == .loggedIn)
        let ended = try store.endSession(id: "joe", entry: "e1", remove: false, onlyIfRefreshToken: "r2")
        #expect(ended?.before.refreshToken == "r2")
        #expect(ended?.currentUserId == nil)
        #expect(try store.user(id: "joe")?.state == .loggedOut)
        #expect(try store.user(id: "joe")?.refreshToken == nil)
    }

    // BEHAVIOURS 17, 22
    @Test func endingTheCurrentSessionPicksTheLatestActiveLoggedInUser() throws {
        let store = try SQLiteDeviceStore(directory: directory)
        _ = try store.saveLogIn(login("ann", refresh: "ra"), newEntry: "ea", at: start)
        _ = try store.saveLogIn(login("bob", refresh: "rb"), newEntry: "eb", at: start.addingTimeInterval(10))
        _ = try store.saveLogIn(login("cat", refresh: "rc"), newEntry: "ec", at: start.addingTimeInterval(20))
        _ = try store.endSession(id: "bob", entry: "eb", remove: false, onlyIfRefreshToken: nil)
        #expect(try store.currentUserId() == "cat")
        #expect(try store.makeCurrent(id: "bob", entry: "eb", at: start.addingTimeInterval(30)) == .notLoggedIn(try #require(try store.user(id: "bob"))))
        #expect(try store.makeCurrent(id: "ann", entry: "ea", at: start.addingTimeInterval(40)).isSwitched)
        #expect(try store.users().map(\.id) == ["ann", "cat", "bob"])
        let ended = try store.endSession(id: "ann", entry: "ea", remove: true, onlyIfRefreshToken: nil)
        #expect(ended?.currentUserId == "cat")
        #expect(try store.users().map(\.id) == ["cat", "bob"])
        #expect(try store.makeCurrent(id: "ann", entry: "ea", at: start) == .gone)
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
                                id: id, refreshToken: "r-\(id)", accessToken: "a.b.c", receivedAt: start, deviceId: nil,
                                identities: [], profile: [:]),
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
