import Foundation
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// The browser sign-ins under way, on each store: a state is taken once, not after it expires,
/// and only as the app it was started for.
@Suite struct WebSignInStoreTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func record(_ digest: String, app: String = "a", expiresIn seconds: TimeInterval = 600) -> WebSignInRecord {
        WebSignInRecord(
            stateDigest: digest, appId: app, provider: "oauth2-google",
            purpose: WebSignInPurpose.appServicesRedirect(redirectURL: "https://app.example.com/done", clientState: "s").json,
            codeVerifier: "verifier", nonce: "nonce", callback: "http://127.0.0.1/api/client/v2.0/auth/callback", createdAt: start,
            expiresAt: start.addingTimeInterval(seconds), used: false)
    }

    @Test(arguments: StoreKind.allCases) func aSignInIsTakenOnce(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        let kept = record("d1")
        try await store.insertWebSignIn(kept, now: start)
        let later = start.addingTimeInterval(10)
        #expect(try await store.takeWebSignIn(appId: "b", stateDigest: "d1", now: later) == .unknown, "another app's")
        guard case .taken(let taken) = try await store.takeWebSignIn(appId: nil, stateDigest: "d1", now: later) else {
            Issue.record("not taken")
            return
        }
        #expect(taken == kept)
        #expect(try await store.takeWebSignIn(appId: nil, stateDigest: "d1", now: later) == .alreadyUsed)
        #expect(try await store.takeWebSignIn(appId: "a", stateDigest: "nope", now: later) == .unknown)
        #expect(WebSignInPurpose(json: taken.purpose) == .appServicesRedirect(redirectURL: "https://app.example.com/done", clientState: "s"))
    }

    @Test(arguments: StoreKind.allCases) func anExpiredSignInIsNotTakenAndIsClearedAwayLater(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        try await store.insertWebSignIn(record("old", expiresIn: 60), now: start)
        #expect(try await store.takeWebSignIn(appId: "a", stateDigest: "old", now: start.addingTimeInterval(60)) == .expired)
        // Long after, starting another sign-in clears it away.
        try await store.insertWebSignIn(record("new"), now: start.addingTimeInterval(60 + WebSignInRule.keptAfterExpiry + 1))
        #expect(try await store.takeWebSignIn(appId: "a", stateDigest: "old", now: start) == .unknown)
    }

    @Test(arguments: StoreKind.allCases) func twoTakersOfOneStateGetItOnceBetweenThem(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        try await store.insertWebSignIn(record("race"), now: start)
        let takes = try await withThrowingTaskGroup(of: WebSignInTake.self) { group in
            for _ in 0..<4 { group.addTask { try await store.takeWebSignIn(appId: nil, stateDigest: "race", now: start) } }
            return try await group.reduce(into: [WebSignInTake]()) { $0.append($1) }
        }
        #expect(takes.filter { if case .taken = $0 { true } else { false } }.count == 1)
        #expect(takes.filter { $0 == .alreadyUsed }.count == 3)
    }
}
