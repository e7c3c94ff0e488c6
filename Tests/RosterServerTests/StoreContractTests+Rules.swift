import Foundation
import Synchronization
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// The store-level decisions (`Store/Rules/`) through each driver, one case at a time: the
/// rule is one function, and these say that both drivers load what it needs and write back
/// what it says.
extension StoreContractTests {
    func rotation(presenting digest: String, next: String, generation: Int, at: Date, grace: TimeInterval = 30) -> RefreshRotation {
        RefreshRotation(
            sessionId: "s", presentedDigest: digest, next: .init(digest: next, sealed: Data(next.utf8), generation: generation), at: at,
            graceSince: at.addingTimeInterval(-grace))
    }

    @Test(arguments: StoreKind.allCases) func rotationOutcomesOneByOne(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        _ = try await store.findOrCreateUser(identity: identity("anon-user", "a", user: ""), newUser: user("u"))
        try await store.insertSession(session("s", user: "u"))
        #expect(try await store.rotateRefreshToken(rotation(presenting: "d0", next: "d1", generation: 1, at: now)) == .rotated)
        let once = try #require(try await store.session(id: "s"))
        #expect(once.refreshDigest == "d1" && once.previousRefreshDigest == "d0" && once.refreshGeneration == 1)
        #expect(once.rotatedAt == now && once.sealedRefresh == Data("d1".utf8) && !once.revoked)
        // The replaced token 20 s on, within a 30 s window: the same replacement, nothing written.
        let later = now.addingTimeInterval(20)
        #expect(try await store.rotateRefreshToken(rotation(presenting: "d0", next: "x", generation: 2, at: later))
            == .replacedRecently(sealed: Data("d1".utf8)))
        #expect(try await store.session(id: "s") == once)
        // The current one rotates again; its predecessor is no longer accepted at all.
        #expect(try await store.rotateRefreshToken(rotation(presenting: "d1", next: "d2", generation: 2, at: later)) == .rotated)
        var twice = once
        twice.previousRefreshDigest = "d1"
        twice.refreshDigest = "d2"
        twice.sealedRefresh = Data("d2".utf8)
        twice.refreshGeneration = 2
        twice.rotatedAt = later
        #expect(try await store.session(id: "s") == twice)
        // The replaced token past the window: a reuse, the session revoked and otherwise as it was.
        let pastWindow = later.addingTimeInterval(31)
        var revoked = twice
        revoked.revoked = true
        #expect(try await store.rotateRefreshToken(rotation(presenting: "d1", next: "x", generation: 3, at: pastWindow)) == .reused(revoked))
        #expect(try await store.session(id: "s") == revoked)
        // A revoked session, even with its current token, and a missing one, are gone.
        #expect(try await store.rotateRefreshToken(rotation(presenting: "d2", next: "x", generation: 3, at: pastWindow)) == .gone)
        #expect(try await store.session(id: "s") == revoked)
        var missing = rotation(presenting: "d0", next: "x", generation: 1, at: now)
        missing.sessionId = "nobody"
        #expect(try await store.rotateRefreshToken(missing) == .gone)
    }

    @Test(arguments: StoreKind.allCases) func singleUseTokensAreRedeemedOnceOneAfterAnother(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        func token(_ id: String, _ purpose: AccountTokenRecord.Purpose, email: String = "ann@example.com", expiresIn: TimeInterval = 600) -> AccountTokenRecord {
            AccountTokenRecord(
                id: id, appId: appId, email: email, purpose: purpose, digest: "dg-\(id)", createdAt: now,
                expiresAt: now.addingTimeInterval(expiresIn), used: false)
        }
        for record in [token("r1", .reset), token("r2", .reset), token("c1", .confirm), token("b1", .reset, email: "bo@example.com"),
            token("short", .confirm, email: "cy@example.com", expiresIn: 60)]
        {
            try await store.insertAccountToken(record)
        }
        #expect(try await store.redeemAccountToken(appId: appId, id: "r1", now: now))
        #expect(try await store.redeemAccountToken(appId: appId, id: "r1", now: now) == false, "used once")
        // The other reset token of the same email went with it; another purpose and another email did not.
        #expect(try await store.accountToken(appId: appId, id: "r2")?.used == true)
        #expect(try await store.redeemAccountToken(appId: appId, id: "r2", now: now) == false)
        #expect(try await store.accountToken(appId: appId, id: "c1")?.used == false)
        #expect(try await store.accountToken(appId: appId, id: "b1")?.used == false)
        // Unknown, another app's, and expired at the very instant of its expiry: not redeemed, not used.
        #expect(try await store.redeemAccountToken(appId: appId, id: "nope", now: now) == false)
        #expect(try await store.redeemAccountToken(appId: "other-app", id: "c1", now: now) == false)
        #expect(try await store.redeemAccountToken(appId: appId, id: "short", now: now.addingTimeInterval(60)) == false)
        #expect(try await store.accountToken(appId: appId, id: "short")?.used == false)
        #expect(try await store.redeemAccountToken(appId: appId, id: "c1", now: now))
        // A reset with a used token changes nothing.
        let account = EmailAccountRecord(id: "acc", appId: appId, email: "ann@example.com", passwordHash: "h1", confirmed: true, createdAt: now)
        #expect(try await store.createEmailUser(account: account, user: user("u"), identity: identity("local-userpass", "acc", user: "u")))
        try await store.insertSession(session("s", user: "u"))
        #expect(try await store.resetPassword(PasswordReset(
            appId: appId, email: "ann@example.com", passwordHash: "h2", tokenId: "r1", now: now, endingSessions: true)) == false)
        #expect(try await store.emailAccount(appId: appId, email: "ann@example.com")?.passwordHash == "h1")
        #expect(try await store.session(id: "s")?.revoked == false)
    }

    @Test(arguments: StoreKind.allCases) func attemptsCountInARowAndByTheHour(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        let account = AttemptKey(scope: "login", kind: .account, value: "ann@example.com")
        let address = AttemptKey(scope: "login", kind: .address, value: "::1")
        let seen = Mutex<[AttemptCounts]>([])
        @Sendable func fail(at offset: TimeInterval, waits: [AttemptKey.Kind: TimeInterval] = [:]) async throws -> Date? {
            let at = now.addingTimeInterval(offset)
            return try await store.recordFailure(appId: appId, keys: [account, address], now: at) { counts in
                seen.withLock { $0.append(counts) }
                return waits[counts.key.kind].map { at.addingTimeInterval($0) }
            }
        }
        #expect(try await fail(at: 0) == nil)
        #expect(try await fail(at: 10, waits: [.account: 60, .address: 300]) == now.addingTimeInterval(310), "the later wait")
        #expect(try await store.attemptsWait(appId: appId, key: account) == .some(now.addingTimeInterval(70)))
        #expect(try await store.attemptsWait(appId: appId, key: address) == .some(now.addingTimeInterval(310)))
        // An hour after the first failure, a new hour starts; the failures in a row go on.
        #expect(try await fail(at: 3600) == nil)
        #expect(try await store.attemptsWait(appId: appId, key: account) == .some(nil), "a wait is what the newest failure says")
        let accountCounts = seen.withLock { $0 }.filter { $0.key == account }.map { [$0.inARow, $0.inHour] }
        #expect(accountCounts == [[1, 1], [2, 2], [3, 1]])
        #expect(seen.withLock { $0 }.filter { $0.key == account }.map(\.hourStartedAt) == [now, now, now.addingTimeInterval(3600)])
        // A success clears one key only.
        try await store.clearFailures(appId: appId, key: account)
        #expect(try await store.attemptsWait(appId: appId, key: account) == nil)
        #expect(try await store.attemptsWait(appId: appId, key: address) == .some(nil))
        seen.withLock { $0.removeAll() }
        _ = try await fail(at: 3610)
        #expect(seen.withLock { $0 }.map { [$0.inARow, $0.inHour] } == [[1, 1], [4, 2]])
    }

    @Test(arguments: StoreKind.allCases) func purgeTakesEachKindAtItsCutoffAndNoMore(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        let day: TimeInterval = 86400
        let rule = PurgeRule(appId: appId, now: now, retention: 30 * day, auditRetention: 7 * day, limit: 100)
        _ = try await store.findOrCreateUser(identity: identity("local-userpass", "acc", user: ""), newUser: user("u", at: -90 * day))
        // Sessions: expired at the horizon goes, a second after stays; revoked and expired goes, revoked and live stays.
        try await store.insertSession(session("at-horizon", user: "u", expires: -30 * day))
        try await store.insertSession(session("after-horizon", user: "u", expires: -30 * day + 1))
        try await store.insertSession(session("revoked-expired", user: "u", expires: 0))
        try await store.insertSession(session("revoked-live", user: "u", expires: 1))
        try await store.revokeSession(id: "revoked-expired")
        try await store.revokeSession(id: "revoked-live")
        // Tokens: used goes, expired goes, live stays.
        for (id, expiresIn, used) in [("used", 600.0, true), ("expired", 0, false), ("live", 1, false)] {
            try await store.insertAccountToken(AccountTokenRecord(
                id: id, appId: appId, email: "ann@example.com", purpose: .confirm, digest: id, createdAt: now,
                expiresAt: now.addingTimeInterval(expiresIn), used: used))
        }
        // Counts: an hour over with no wait goes; one still waiting, or within its hour, stays.
        func key(_ value: String) -> AttemptKey { AttemptKey(scope: "login", kind: .address, value: value) }
        _ = try await store.recordFailure(appId: appId, keys: [key("over")], now: now.addingTimeInterval(-3600)) { _ in nil }
        _ = try await store.recordFailure(appId: appId, keys: [key("waiting")], now: now.addingTimeInterval(-3600)) { _ in now.addingTimeInterval(1) }
        _ = try await store.recordFailure(appId: appId, keys: [key("in-hour")], now: now.addingTimeInterval(-3599)) { _ in nil }
        // Audit: at the audit horizon goes, after it stays.
        try await store.appendAudit(AuditEntry(at: now.addingTimeInterval(-7 * day), appId: appId, event: .loggedIn, userId: "old"))
        try await store.appendAudit(AuditEntry(at: now.addingTimeInterval(-7 * day + 1), appId: appId, event: .loggedIn, userId: "new"))

        let report = try await store.purge(rule)
        #expect(report.sessions == 2 && report.accountTokens == 2 && report.attemptCounts == 1 && report.auditEntries == 1)
        #expect(report.anonymousUsers == 0, "a user of another provider stays however old")
        for (id, kept) in [("at-horizon", false), ("after-horizon", true), ("revoked-expired", false), ("revoked-live", true)] {
            let found = try await store.session(id: id) != nil
            #expect(found == kept, "\(id)")
        }
        for (id, kept) in [("used", false), ("expired", false), ("live", true)] {
            let found = try await store.accountToken(appId: appId, id: id) != nil
            #expect(found == kept, "\(id)")
        }
        #expect(try await store.attemptsWait(appId: appId, key: key("over")) == nil)
        #expect(try await store.attemptsWait(appId: appId, key: key("waiting")) != nil)
        #expect(try await store.attemptsWait(appId: appId, key: key("in-hour")) != nil)
        #expect(try await store.auditEntries(appId: appId, AuditQuery()).compactMap(\.userId) == ["new"])
        #expect(try await store.purge(rule).total == 0, "nothing more")
    }

    @Test(arguments: StoreKind.allCases) func deletingAUserTakesEverythingTheirsAndNothingElse(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        try await store.indexOwners(OwnerField(appId: appId, database: "db", collection: "people", field: "userId"))
        for id in ["u", "v"] {
            let account = EmailAccountRecord(id: "acc-\(id)", appId: appId, email: "\(id)@example.com", passwordHash: "h", confirmed: true, createdAt: now)
            #expect(try await store.createEmailUser(account: account, user: user(id), identity: identity("local-userpass", "acc-\(id)", user: id)))
            try await store.insertSession(session("s-\(id)", user: id))
            #expect(try await store.insertAPIKey(APIKeyRecord(
                id: "k-\(id)", appId: appId, userId: id, name: "ci", keyDigest: "kd-\(id)", disabled: false, createdAt: now)))
            try await store.insertAccountToken(AccountTokenRecord(
                id: "t-\(id)", appId: appId, email: "\(id)@example.com", purpose: .reset, digest: "d", createdAt: now,
                expiresAt: now.addingTimeInterval(600), used: false))
            let selector = DocumentSelector(appId: appId, database: "db", collection: "people", field: "userId", value: id)
            try await store.replaceDocument(selector, with: DocumentRecord(
                appId: appId, database: "db", collection: "people", id: "p-\(id)", body: #"{"_id":"p-\#(id)","userId":"\#(id)"}"#))
            // A collection without an owner field keeps its documents whoever they name.
            let notes = DocumentSelector(appId: appId, database: "db", collection: "notes", field: "userId", value: id)
            try await store.replaceDocument(notes, with: DocumentRecord(
                appId: appId, database: "db", collection: "notes", id: "n-\(id)", body: #"{"_id":"n-\#(id)","userId":"\#(id)"}"#))
        }
        #expect(try await store.deleteUser(appId: appId, userId: "u"))
        #expect(try await store.user(appId: appId, id: "u") == nil)
        #expect(try await store.identity(appId: appId, providerType: "local-userpass", providerId: "acc-u") == nil)
        #expect(try await store.emailAccount(appId: appId, email: "u@example.com") == nil)
        #expect(try await store.session(id: "s-u") == nil)
        #expect(try await store.apiKey(appId: appId, digest: "kd-u") == nil)
        #expect(try await store.accountToken(appId: appId, id: "t-u") == nil)
        #expect(try await store.document(DocumentSelector(appId: appId, database: "db", collection: "people", field: "userId", value: "u")) == nil)
        #expect(try await store.document(DocumentSelector(appId: appId, database: "db", collection: "notes", field: "userId", value: "u")) != nil)
        // The other user keeps all of theirs.
        #expect(try await store.user(appId: appId, id: "v") != nil)
        #expect(try await store.session(id: "s-v") != nil)
        #expect(try await store.apiKey(appId: appId, digest: "kd-v") != nil)
        #expect(try await store.accountToken(appId: appId, id: "t-v") != nil)
        #expect(try await store.document(DocumentSelector(appId: appId, database: "db", collection: "people", field: "userId", value: "v")) != nil)
    }

    @Test(arguments: StoreKind.allCases) func seedsAreAddedWhateverTheAppHolds(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        func seed(_ index: Int) -> SeedUser {
            let selector = DocumentSelector(appId: appId, database: "db", collection: "custom", field: "userId", value: "seed\(index)")
            return SeedUser(
                user: user("seed\(index)"),
                account: EmailAccountRecord(
                    id: "sa\(index)", appId: appId, email: "s\(index)@example.com", passwordHash: "h", confirmed: true, createdAt: now),
                identity: identity("local-userpass", "sa\(index)", user: "seed\(index)"),
                document: (selector, DocumentRecord(
                    appId: appId, database: "db", collection: "custom", id: "c\(index)", body: #"{"_id":"c\#(index)","userId":"seed\#(index)"}"#)))
        }
        try await store.addSeeds([seed(0)])
        #expect(try await store.seedIfEmpty(appId: appId, [seed(1)]) == false)
        try await store.addSeeds([seed(1), seed(2)])
        #expect(try await store.users(appId: appId).map(\.id) == ["seed0", "seed1", "seed2"])
        #expect(try await store.emailAccount(appId: appId, email: "s2@example.com")?.id == "sa2")
        #expect(try await store.identity(appId: appId, providerType: "local-userpass", providerId: "sa1")?.userId == "seed1")
        let custom = DocumentSelector(appId: appId, database: "db", collection: "custom", field: "userId", value: "seed2")
        #expect(try await store.document(custom)?.id == "c2")
        // Seeding one that is there already refuses the whole batch.
        await #expect(throws: (any Error).self) { try await store.addSeeds([seed(3), seed(0)]) }
        #expect(try await store.user(appId: appId, id: "seed3") == nil)
    }
}

extension StoreContractTests {
    // Server-assisted unlock: proofs sent at once are each counted, the tenth wrong one in a row
    // erases the key, a right one releases the half; a key goes with its session.
    @Test(arguments: StoreKind.allCases) func unlockKeyProofsAreEachCountedAndTheTenthErases(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        _ = try await store.findOrCreateUser(identity: identity("anon-user", "a", user: ""), newUser: user("u"))
        try await store.insertSession(session("s", user: "u"))
        let record = UnlockKeyRecord(
            idDigest: "k1", appId: appId, userId: "u", sessionId: "s", serverHalf: Data(repeating: 1, count: 32),
            proofDigest: Data(repeating: 2, count: 32), wrongProofs: 0, createdAt: now)
        try await store.insertUnlockKey(record)
        let wrong = Data(repeating: 3, count: 32)
        #expect(
            try await store.tryUnlockKey(idDigest: "k1", proofDigest: record.proofDigest)
                == .released(serverHalf: record.serverHalf, record.owner, wrongSinceRelease: 0, triesLeft: 10))
        let answers = try await withThrowingTaskGroup(of: UnlockKeyTry.self) { group in
            for _ in 0..<6 { group.addTask { try await store.tryUnlockKey(idDigest: "k1", proofDigest: wrong) } }
            return try await group.reduce(into: [UnlockKeyTry]()) { $0.append($1) }
        }
        let left = answers.compactMap { answer -> Int? in
            if case .wrong(let left, _) = answer { return left }
            return nil
        }
        #expect(left.sorted() == Array(4...9), "\(answers)")
        // A right proof is told of them and does not give them back.
        #expect(
            try await store.tryUnlockKey(idDigest: "k1", proofDigest: record.proofDigest)
                == .released(serverHalf: record.serverHalf, record.owner, wrongSinceRelease: 6, triesLeft: 4))
        for left in stride(from: 3, through: 1, by: -1) {
            #expect(try await store.tryUnlockKey(idDigest: "k1", proofDigest: wrong) == .wrong(triesLeft: left, record.owner))
        }
        #expect(try await store.tryUnlockKey(idDigest: "k1", proofDigest: wrong) == .erased(record.owner))
        #expect(try await store.tryUnlockKey(idDigest: "k1", proofDigest: record.proofDigest) == .unknown)

        // A new key replaces the session's last; it goes when the session's user does.
        var second = record
        second.idDigest = "k2"
        try await store.insertUnlockKey(second)
        var third = record
        third.idDigest = "k3"
        try await store.insertUnlockKey(third)
        #expect(try await store.tryUnlockKey(idDigest: "k2", proofDigest: record.proofDigest) == .unknown)
        #expect(try await store.deleteUnlockKey(sessionId: "s"))
        #expect(try await store.deleteUnlockKey(sessionId: "s") == false)
        try await store.insertUnlockKey(second)
        #expect(try await store.deleteUser(appId: appId, userId: "u"))
        #expect(try await store.tryUnlockKey(idDigest: "k2", proofDigest: record.proofDigest) == .unknown)
    }

    @Test func theUnlockRuleComparesWholeDigests() {
        let record = UnlockKeyRecord(
            idDigest: "k", appId: "a", userId: "u", sessionId: "s", serverHalf: Data(count: 32), proofDigest: Data(repeating: 7, count: 32),
            wrongProofs: 8, createdAt: Date(timeIntervalSince1970: 0))
        #expect(UnlockKeyRule.decide(record, proofDigest: Data(repeating: 7, count: 31)).1 == .setCounts(wrongProofs: 9, sinceRelease: 1))
        // A right proof leaves the count in all and clears only the count since the last release.
        var seen = record
        seen.wrongSinceRelease = 3
        #expect(UnlockKeyRule.decide(seen, proofDigest: Data(repeating: 7, count: 32)).1 == .setCounts(wrongProofs: 8, sinceRelease: 0))
        #expect(UnlockKeyRule.decide(record, proofDigest: Data(repeating: 7, count: 32)).1 == .nothing)
        var last = record
        last.wrongProofs = 9
        #expect(UnlockKeyRule.decide(last, proofDigest: Data(count: 32)).1 == .delete)
        #expect(UnlockKeyRule.decide(nil, proofDigest: Data(count: 32)).0 == .unknown)
    }
}
