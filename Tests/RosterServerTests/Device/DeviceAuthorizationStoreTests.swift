import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// The device-authorization store on each driver: user codes unique among live ones, decisions
/// only from pending, one redemption, polls that slow down, and the purge.
@Suite struct DeviceAuthorizationStoreTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func record(_ id: String, code: String, digest: String? = nil, at start: Date = start) -> DeviceAuthorizationRecord {
        DeviceAuthorizationRecord(
            id: id, appId: "app", codeDigest: digest ?? "digest-\(id)", userCode: code, client: "roster", terminal: nil,
            startedAt: start, expiresAt: start.addingTimeInterval(600), intervalSeconds: 5, lastPollAt: nil, state: .pending)
    }

    static func user(_ store: any ServerStore, _ id: String) async throws -> UserRecord {
        let user = UserRecord(id: id, appId: "app", disabled: false, createdAt: start, profile: "{}")
        let identity = IdentityRecord(appId: "app", providerType: "anon-user", providerId: id, userId: id, createdAt: start)
        return try await store.findOrCreateUser(identity: identity, newUser: user)
    }

    static func session(_ id: String, userId: String) -> SessionRecord {
        SessionRecord(
            id: id, appId: "app", userId: userId, deviceId: "d", refreshDigest: "r-\(id)", createdAt: start,
            expiresAt: start.addingTimeInterval(3600), revoked: false)
    }

    @Test(arguments: StoreKind.allCases) func userCodesAreUniqueAmongLiveAuthorizations(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        #expect(try await store.insertDeviceAuthorization(Self.record("a", code: "BCDFGHJK")))
        #expect(try await !store.insertDeviceAuthorization(Self.record("b", code: "BCDFGHJK")))
        // Once the first has expired, its code may be drawn again.
        #expect(try await store.insertDeviceAuthorization(Self.record("c", code: "BCDFGHJK", at: Self.start.addingTimeInterval(601))))
        #expect(try await store.deviceAuthorization(userCode: "BCDFGHJK")?.id == "c")
        #expect(try await store.deviceAuthorization(id: "a") == nil)
        #expect(try await store.deviceAuthorization(id: "c")?.client == "roster")
    }

    @Test(arguments: StoreKind.allCases) func decisionsAreTakenOnlyFromPendingAndBeforeExpiry(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        _ = try await store.insertDeviceAuthorization(Self.record("a", code: "BCDFGHJK"))
        _ = try await store.insertDeviceAuthorization(Self.record("b", code: "BCDFGHJL"))
        let now = Self.start.addingTimeInterval(10)
        #expect(try await store.decideDeviceAuthorization(id: "a", .approved(userId: "u", provider: "local-userpass"), now: now))
        #expect(try await !store.decideDeviceAuthorization(id: "a", .denied, now: now))
        #expect(try await store.deviceAuthorization(id: "a")?.state == .approved)
        #expect(try await store.deviceAuthorization(id: "a")?.userId == "u")
        #expect(try await !store.decideDeviceAuthorization(id: "b", .denied, now: Self.start.addingTimeInterval(600)))
        #expect(try await !store.decideDeviceAuthorization(id: "nope", .denied, now: now))
    }

    @Test(arguments: StoreKind.allCases) func pollsSlowDownAndSeeTheDecision(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        _ = try await store.insertDeviceAuthorization(Self.record("a", code: "BCDFGHJK", digest: "x"))
        #expect(try await store.pollDeviceAuthorization(appId: "app", codeDigest: "nope", now: Self.start, slowDownStep: 5) == .unknown)
        #expect(try await store.pollDeviceAuthorization(appId: "other", codeDigest: "x", now: Self.start, slowDownStep: 5) == .unknown)
        #expect(try await store.pollDeviceAuthorization(appId: "app", codeDigest: "x", now: Self.start, slowDownStep: 5) == .pending)
        #expect(try await store.pollDeviceAuthorization(appId: "app", codeDigest: "x", now: Self.start.addingTimeInterval(4), slowDownStep: 5) == .slowDown(interval: 10))
        #expect(try await store.pollDeviceAuthorization(appId: "app", codeDigest: "x", now: Self.start.addingTimeInterval(14), slowDownStep: 5) == .pending)
        _ = try await store.decideDeviceAuthorization(id: "a", .denied, now: Self.start.addingTimeInterval(15))
        #expect(try await store.pollDeviceAuthorization(appId: "app", codeDigest: "x", now: Self.start.addingTimeInterval(30), slowDownStep: 5) == .denied)
        #expect(try await store.pollDeviceAuthorization(appId: "app", codeDigest: "x", now: Self.start.addingTimeInterval(600), slowDownStep: 5) == .expired)
    }

    @Test(arguments: StoreKind.allCases) func concurrentRedemptionsWriteOneSession(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        let user = try await Self.user(store, "u1")
        _ = try await store.insertDeviceAuthorization(Self.record("a", code: "BCDFGHJK"))
        #expect(try await !store.redeemDeviceAuthorization(id: "a", session: Self.session("early", userId: user.id)), "still pending")
        _ = try await store.decideDeviceAuthorization(id: "a", .approved(userId: user.id, provider: "anon-user"), now: Self.start)
        let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<6 {
                group.addTask { try await store.redeemDeviceAuthorization(id: "a", session: Self.session("s\(index)", userId: user.id)) }
            }
            return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(wins == 1)
        #expect(try await store.activeSessionCount(appId: "app", userId: user.id, now: Self.start) == 1)
        #expect(try await store.session(id: "early") == nil)
        #expect(try await store.deviceAuthorization(id: "a")?.state == .used)
        #expect(try await store.pollDeviceAuthorization(appId: "app", codeDigest: "digest-a", now: Self.start.addingTimeInterval(60), slowDownStep: 5) == .unknown)
    }

    @Test(arguments: StoreKind.allCases) func thePurgeRemovesUsedAndExpiredAuthorizations(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        let user = try await Self.user(store, "u1")
        _ = try await store.insertDeviceAuthorization(Self.record("used", code: "BCDFGHJK"))
        _ = try await store.insertDeviceAuthorization(Self.record("old", code: "BCDFGHJL", at: Self.start.addingTimeInterval(-700)))
        _ = try await store.insertDeviceAuthorization(Self.record("live", code: "BCDFGHJM"))
        _ = try await store.decideDeviceAuthorization(id: "used", .approved(userId: user.id, provider: "anon-user"), now: Self.start)
        _ = try await store.redeemDeviceAuthorization(id: "used", session: Self.session("s", userId: user.id))
        let report = try await store.purge(PurgeRule(appId: "app", now: Self.start, retention: 86400, auditRetention: 86400, limit: 100))
        #expect(report.deviceAuthorizations == 2)
        #expect(try await store.deviceAuthorization(id: "live") != nil)
        #expect(try await store.deviceAuthorization(id: "used") == nil)
        #expect(try await store.deviceAuthorization(id: "old") == nil)
    }
}
