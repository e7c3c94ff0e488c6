import Foundation
import GRDB
import RosterWire
import Synchronization
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Every store protocol method, driven through each driver: the same calls give the same
/// answers on SQLite and on PostgreSQL, and what must happen once under concurrency (a
/// rotation, a token's redemption, an "if absent") happens once on both.
@Suite struct StoreContractTests {
    let appId = "contract-app"
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func user(_ id: String, at offset: TimeInterval = 0) -> UserRecord {
        UserRecord(id: id, appId: appId, disabled: false, createdAt: now.addingTimeInterval(offset), profile: "{}")
    }

    func identity(_ type: String, _ providerId: String, user: String) -> IdentityRecord {
        IdentityRecord(appId: appId, providerType: type, providerId: providerId, userId: user, createdAt: now)
    }

    func session(_ id: String, user: String, digest: String = "d0", expires: TimeInterval = 3600) -> SessionRecord {
        SessionRecord(
            id: id, appId: appId, userId: user, deviceId: "dev", refreshDigest: digest, createdAt: now,
            expiresAt: now.addingTimeInterval(expires), revoked: false)
    }

    @Test(arguments: StoreKind.allCases) func signingSecretIsMadeOnceForEveryCaller(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        let secrets = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for index in 0..<8 { group.addTask { try await store.signingSecret(name: "s", ifAbsent: [UInt8](repeating: UInt8(index), count: 32)) } }
            return try await group.reduce(into: Set<[UInt8]>()) { $0.insert($1) }
        }
        #expect(secrets.count == 1)
        #expect(try await store.signingSecret(name: "s", ifAbsent: [9]) == secrets.first)
    }

    @Test(arguments: StoreKind.allCases) func usersAndIdentities(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        // Concurrent first log-ins with one provider id make one user.
        let made = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<6 {
                group.addTask {
                    try await store.findOrCreateUser(identity: identity("anon-user", "p1", user: ""), newUser: user("u\(index)")).id
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(made.count == 1)
        let owner = try #require(made.first)
        #expect(try await store.userCount(appId: appId) == 1)
        #expect(try await store.identity(appId: appId, providerType: "anon-user", providerId: "p1")?.userId == owner)
        #expect(try await store.addIdentity(identity("custom-token", "c1", user: owner)))
        #expect(try await store.addIdentity(identity("custom-token", "c1", user: owner)) == false)
        #expect(try await store.identities(appId: appId, userId: owner).map(\.providerType) == ["anon-user", "custom-token"])
        try await store.updateProfile(appId: appId, userId: owner, profile: #"{"name":"Ann"}"#)
        #expect(try await store.user(appId: appId, id: owner)?.profile == #"{"name":"Ann"}"#)
        _ = try await store.findOrCreateUser(identity: identity("anon-user", "p2", user: ""), newUser: user("later", at: 10))
        #expect(try await store.users(appId: appId).map(\.id) == [owner, "later"])
        // Disabling ends every session in the same change.
        try await store.insertSession(session("s1", user: owner))
        #expect(try await store.setDisabled(appId: appId, userId: owner, disabled: true))
        #expect(try await store.session(id: "s1")?.revoked == true)
        #expect(try await store.user(appId: appId, id: owner)?.disabled == true)
        #expect(try await store.setDisabled(appId: appId, userId: "nobody", disabled: true) == false)
        #expect(try await store.deleteUser(appId: appId, userId: owner))
        #expect(try await store.deleteUser(appId: appId, userId: owner) == false)
        #expect(try await store.identities(appId: appId, userId: owner).isEmpty)
        #expect(try await store.session(id: "s1") == nil)
    }

    @Test(arguments: StoreKind.allCases) func pingAndLiveSessionsByApp(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        try await store.ping()
        #expect(try await store.liveSessionCounts(now: now) == [:])
        _ = try await store.findOrCreateUser(identity: identity("anon-user", "a", user: ""), newUser: user("u"))
        try await store.insertSession(session("live", user: "u"))
        try await store.insertSession(session("short", user: "u", expires: 60))
        try await store.insertSession(session("ended", user: "u"))
        try await store.revokeSession(id: "ended")
        #expect(try await store.liveSessionCounts(now: now) == [appId: 2])
        #expect(try await store.liveSessionCounts(now: now.addingTimeInterval(120)) == [appId: 1])
    }

    @Test(arguments: StoreKind.allCases) func sessionsAndConcurrentRotation(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        _ = try await store.findOrCreateUser(identity: identity("anon-user", "a", user: ""), newUser: user("u"))
        let stored = session("s", user: "u")
        try await store.insertSession(stored)
        try await store.insertSession(session("other", user: "u"))
        #expect(try await store.session(id: "s") == stored)
        #expect(try await store.activeSessionCount(appId: appId, userId: "u", now: now) == 2)
        #expect(try await store.activeSessionCount(appId: appId, userId: "u", now: now.addingTimeInterval(7200)) == 0)
        // Ten refreshes with one token at once: the session advances once, the rest are handed
        // the same replacement.
        let rotation = RefreshRotation(
            sessionId: "s", presentedDigest: "d0", next: .init(digest: "d1", sealed: Data([1, 2, 3]), generation: 1), at: now,
            graceSince: now.addingTimeInterval(-30))
        let outcomes = try await withThrowingTaskGroup(of: RefreshRotation.Outcome.self) { group in
            for _ in 0..<10 { group.addTask { try await store.rotateRefreshToken(rotation) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == .rotated }.count == 1)
        #expect(outcomes.filter { $0 == .replacedRecently(sealed: Data([1, 2, 3])) }.count == 9)
        let rotated = try #require(try await store.session(id: "s"))
        #expect(rotated.refreshDigest == "d1" && rotated.previousRefreshDigest == "d0" && rotated.refreshGeneration == 1)
        // An older token revokes the session; then it is gone.
        var replay = rotation
        replay.presentedDigest = "stolen"
        guard case .reused(let revoked) = try await store.rotateRefreshToken(replay) else {
            Issue.record("a replayed token must revoke the session")
            return
        }
        #expect(revoked.revoked)
        #expect(try await store.rotateRefreshToken(rotation) == .gone)
        try await store.revokeSession(id: "other")
        #expect(try await store.session(id: "other")?.revoked == true)
        try await store.insertSession(session("third", user: "u"))
        #expect(try await store.revokeSessions(appId: appId, userId: "u") == 1)
    }

    /// The read behind every token-bearing request, each field against what was written: every
    /// optional field of the session set and unset, a disabled user with a profile, the document
    /// with its owner.
    @Test(arguments: StoreKind.allCases) func sessionContextReadsEveryFieldAsItWasWritten(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        var owner = user("u", at: 7)
        owner.disabled = true
        owner.profile = #"{"name":"Ann"}"#
        _ = try await store.findOrCreateUser(identity: identity("anon-user", "a", user: ""), newUser: owner)
        var full = session("s1", user: "u", digest: "d3")
        full.revoked = true
        full.refreshGeneration = 3
        full.previousRefreshDigest = "d2"
        full.rotatedAt = now.addingTimeInterval(60)
        full.sealedRefresh = Data([1, 2, 3, 0, 255])
        try await store.insertSession(full)
        try await store.indexOwners(OwnerField(appId: appId, database: "db", collection: "people", field: "userId"))
        let owned = DocumentSelector(appId: appId, database: "db", collection: "people", field: "userId", value: "u")
        let body = #"{"_id":"p1","userId":"u"}"#
        try await store.replaceDocument(
            owned, with: DocumentRecord(appId: appId, database: "db", collection: "people", id: "p1", body: body))

        let context = try #require(try await store.sessionContext(id: "s1", userId: "u", customData: owned))
        #expect(context.session == full)
        #expect(context.user == owner)
        let document = try #require(context.document)
        #expect(document.appId == appId && document.database == "db" && document.collection == "people")
        #expect(document.id == "p1" && document.body == body && document.owner == "u")
        // A session whose optional fields are empty reads them empty; one that is not there, nil.
        let plain = session("s2", user: "u")
        try await store.insertSession(plain)
        #expect(try await store.sessionContext(id: "s2", userId: "u", customData: nil)?.session == plain)
        #expect(try await store.sessionContext(id: "s3", userId: "u", customData: nil) == nil)
    }

    /// The read behind every token-bearing request: the session with its user and the document
    /// the selector names, found through the collection's owner field and through another
    /// field alike; nothing of a selector for another app; the session when its user is gone.
    @Test(arguments: StoreKind.allCases) func sessionContextReadsSessionUserAndDocumentTogether(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        _ = try await store.findOrCreateUser(identity: identity("anon-user", "a", user: ""), newUser: user("u"))
        try await store.insertSession(session("s1", user: "u"))
        try await store.indexOwners(OwnerField(appId: appId, database: "db", collection: "people", field: "userId"))
        let owned = DocumentSelector(appId: appId, database: "db", collection: "people", field: "userId", value: "u")
        let body = #"{"_id":"p1","userId":"u","team":"ops"}"#
        try await store.replaceDocument(
            owned, with: DocumentRecord(appId: appId, database: "db", collection: "people", id: "p1", body: body))

        let plain = try #require(try await store.sessionContext(id: "s1", userId: "u", customData: nil))
        #expect(plain.session.id == "s1" && plain.session.userId == "u" && plain.user?.id == "u" && plain.document == nil)
        let withData = try #require(try await store.sessionContext(id: "s1", userId: "u", customData: owned))
        #expect(withData.session == plain.session && withData.user == plain.user)
        #expect(withData.document?.id == "p1" && withData.document?.body == body)
        // Another field than the owner's finds the document too; a value no document has, none.
        var byTeam = owned
        byTeam.field = "team"
        byTeam.value = "ops"
        #expect(try await store.sessionContext(id: "s1", userId: "u", customData: byTeam)?.document?.id == "p1")
        byTeam.value = "dev"
        #expect(try await store.sessionContext(id: "s1", userId: "u", customData: byTeam)?.document == nil)
        var elsewhere = owned
        elsewhere.value = "someone-else"
        #expect(try await store.sessionContext(id: "s1", userId: "u", customData: elsewhere)?.document == nil)
        // A selector for another app than the session's reads nothing of that app.
        var otherApp = owned
        otherApp.appId = "other-app"
        try await store.indexOwners(OwnerField(appId: "other-app", database: "db", collection: "people", field: "userId"))
        try await store.replaceDocument(
            otherApp, with: DocumentRecord(appId: "other-app", database: "db", collection: "people", id: "p9", body: body))
        #expect(try await store.document(otherApp)?.id == "p9")
        #expect(try await store.sessionContext(id: "s1", userId: "u", customData: otherApp)?.document == nil)
        // Another user id than the session's comes back as no user; no session, no context.
        let stranger = try #require(try await store.sessionContext(id: "s1", userId: "nobody", customData: owned))
        #expect(stranger.user == nil && stranger.session.userId == "u")
        #expect(try await store.sessionContext(id: "missing", userId: "u", customData: owned) == nil)
    }

    @Test(arguments: StoreKind.allCases) func emailAccountsAndTokensRedeemedOnce(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        let account = EmailAccountRecord(id: "acc", appId: appId, email: "ann@example.com", passwordHash: "h1", confirmed: false, createdAt: now)
        #expect(try await store.createEmailUser(account: account, user: user("u"), identity: identity("local-userpass", "acc", user: "u")))
        var twin = account
        twin.id = "acc2"
        #expect(try await store.insertEmailAccount(twin) == false)
        #expect(try await store.createEmailUser(account: twin, user: user("u2"), identity: identity("local-userpass", "acc2", user: "u2")) == false)
        #expect(try await store.userCount(appId: appId) == 1, "a refused registration leaves nothing behind")
        #expect(try await store.emailAccount(appId: appId, email: "ann@example.com") == account)
        #expect(try await store.confirmEmailAccount(appId: appId, email: "ann@example.com"))
        #expect(try await store.confirmEmailAccount(appId: appId, email: "ann@example.com") == false)
        for id in ["t1", "t2"] {
            try await store.insertAccountToken(AccountTokenRecord(
                id: id, appId: appId, email: "ann@example.com", purpose: .reset, digest: "dg-\(id)", createdAt: now,
                expiresAt: now.addingTimeInterval(600), used: false))
        }
        #expect(try await store.accountToken(appId: appId, id: "t1")?.digest == "dg-t1")
        try await store.insertSession(session("s", user: "u"))
        // Eight resets with one token at once: one wins, and it retires the other token too.
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask {
                    try await store.resetPassword(PasswordReset(
                        appId: appId, email: "ann@example.com", passwordHash: "h-\(index)", tokenId: "t1", now: now, endingSessions: true))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 1)
        #expect(try await store.emailAccount(appId: appId, email: "ann@example.com")?.passwordHash.hasPrefix("h-") == true)
        #expect(try await store.session(id: "s")?.revoked == true)
        #expect(try await store.redeemAccountToken(appId: appId, id: "t2", now: now) == false)
        try await store.insertAccountToken(AccountTokenRecord(
            id: "c1", appId: appId, email: "ann@example.com", purpose: .confirm, digest: "x", createdAt: now,
            expiresAt: now.addingTimeInterval(600), used: false))
        #expect(try await store.redeemAccountToken(appId: appId, id: "c1", now: now.addingTimeInterval(601)) == false, "expired")
        let redeemed = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 { group.addTask { try await store.redeemAccountToken(appId: appId, id: "c1", now: now) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(redeemed.filter { $0 }.count == 1)
        // An account no user logged in with yet can be taken back; a used one stays.
        #expect(try await store.insertEmailAccount(EmailAccountRecord(
            id: "new", appId: appId, email: "bo@example.com", passwordHash: "h", confirmed: false, createdAt: now)))
        try await store.deleteUnusedEmailAccount(appId: appId, email: "bo@example.com")
        try await store.deleteUnusedEmailAccount(appId: appId, email: "ann@example.com")
        #expect(try await store.emailAccount(appId: appId, email: "bo@example.com") == nil)
        #expect(try await store.emailAccount(appId: appId, email: "ann@example.com") != nil)
    }

    @Test(arguments: StoreKind.allCases) func apiKeys(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        _ = try await store.findOrCreateUser(identity: identity("anon-user", "a", user: ""), newUser: user("u"))
        let key = APIKeyRecord(id: "k1", appId: appId, userId: "u", name: "ci", keyDigest: "kd1", disabled: false, createdAt: now)
        #expect(try await store.insertAPIKey(key))
        var sameName = key
        sameName.id = "k2"
        sameName.keyDigest = "kd2"
        #expect(try await store.insertAPIKey(sameName) == false)
        sameName.name = "deploy"
        #expect(try await store.insertAPIKey(sameName))
        #expect(try await store.apiKeys(appId: appId, userId: "u").map(\.id) == ["k1", "k2"])
        #expect(try await store.apiKey(appId: appId, digest: "kd1") == key)
        #expect(try await store.setAPIKeyDisabled(appId: appId, userId: "u", id: "k1", disabled: true))
        #expect(try await store.apiKey(appId: appId, userId: "u", id: "k1")?.disabled == true)
        #expect(try await store.setAPIKeyDisabled(appId: appId, userId: "u", id: "none", disabled: true) == false)
        #expect(try await store.deleteAPIKey(appId: appId, userId: "u", id: "k1"))
        #expect(try await store.deleteAPIKey(appId: appId, userId: "u", id: "k1") == false)
    }

    /// Documents are read a page at a time, in key order, so that matching, sorting and
    /// pipelines run between reads and never hold a database connection; a cancelled call stops.
    @Test(arguments: StoreKind.allCases) func documentsAreReadInPagesInKeyOrder(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        let scope = DocumentScope(appId: appId, database: "db", collection: "pages")
        let appId = appId
        let count = SQLiteServerStore.pageSize * 2 + 3
        let keys = (0..<count).map { String(format: "%024d", $0) }
        _ = try await store.changeDocuments(scope, limit: 0, select: { $0 }) { (_: [DocumentRecord]) in
            let records = keys.reversed().map { DocumentRecord(appId: appId, database: "db", collection: "pages", id: $0, body: #"{"_id":"\#($0)"}"#) }
            return (DocumentWrites(inserts: records), ())
        }
        let first = try await store.documentPage(scope, after: nil, count: 5)
        #expect(first.map(\.id) == Array(keys.prefix(5)))
        #expect(try await store.documentPage(scope, after: keys[4], count: 2).map(\.id) == [keys[5], keys[6]])
        #expect(try await store.documentPage(scope, after: keys.last, count: 5).isEmpty)
        // Across pages: every document once, in order; and a limit stops early.
        #expect(try await store.documents(scope, limit: .max) { $0.id } == keys)
        #expect(try await store.documents(scope, limit: 300) { $0.id.hasSuffix("1") ? $0.id : nil }.count == keys.filter { $0.hasSuffix("1") }.count)
        #expect(try await store.countDocuments(scope) { _ in true } == count)
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await store.documents(scope, limit: .max) { $0.id }
        }
        await #expect(throws: CancellationError.self) { try await cancelled.value }
    }

    /// A write's selecting (a query's matching, which may take its time) runs with no database
    /// connection held: from inside it, another connection to the same SQLite file writes at
    /// once (SQLite has one writer: a write transaction held around the selection would make it
    /// busy), and the write whose document changed meanwhile does it again from the new body
    /// rather than losing the other's change. The loop is the protocol's, one for both drivers.
    @Test func aWritesMatchingHoldsNoConnection() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = try await StoreKind.sqlite.newDatabasePath(in: directory)
        let store = try SQLiteServerStore(path: path)
        let scope = DocumentScope(appId: appId, database: "db", collection: "slow")
        let appId = appId
        @Sendable func record(_ id: String, _ body: String) -> DocumentRecord {
            DocumentRecord(appId: appId, database: "db", collection: "slow", id: id, body: body)
        }
        _ = try await store.changeDocuments(scope, limit: 0, select: { $0 }) { (_: [DocumentRecord]) in
            (DocumentWrites(inserts: [record("a", #"{"_id":"a","n":1}"#)]), ())
        }
        // Another process's connection, which is refused at once while the file's writer is taken.
        let other = try DatabaseQueue(path: path)
        let selections = Mutex(0)
        let otherWrote = Mutex<Bool?>(nil)
        try await store.changeDocuments(scope, limit: 1, select: { (document: DocumentRecord) -> DocumentRecord? in
            let first = selections.withLock { count in
                count += 1
                return count == 1
            }
            if first {
                let wrote = (try? other.write { db in
                    try db.execute(sql: "UPDATE documents SET body = ? WHERE collection = 'slow' AND id = 'a'", arguments: [#"{"_id":"a","n":2}"#])
                }) != nil
                otherWrote.withLock { $0 = wrote }
            }
            return document
        }) { selected in
            let n = selected.count
            return (DocumentWrites(updates: selected.map { record($0.id, $0.body.replacingOccurrences(of: "}", with: #","seen":\#(n)}"#)) }), ())
        }
        #expect(otherWrote.withLock { $0 } == true, "the other write found the file's writer taken")
        #expect(selections.withLock { $0 } == 2, "the write did it again from the changed document")
        #expect(try await store.documents(scope, limit: 1) { $0.body } == [#"{"_id":"a","n":2,"seen":1}"#])
    }

    @Test(arguments: StoreKind.allCases) func documentsKeepTheirTextAndNeverLoseAConcurrentChange(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        let scope = DocumentScope(appId: appId, database: "db", collection: "notes")
        try await store.indexOwners(OwnerField(appId: appId, database: "db", collection: "notes", field: "userId"))
        let appId = appId
        @Sendable func record(_ id: String, _ body: String) -> DocumentRecord {
            DocumentRecord(appId: appId, database: "db", collection: "notes", id: id, body: body)
        }
        let selector = DocumentSelector(appId: appId, database: "db", collection: "notes", field: "userId", value: "u")
        try await store.replaceDocument(selector, with: record("b", #"{"_id":"b","userId":"u","z":1,"a":2}"#))
        try await store.replaceDocument(selector, with: record("ignored", #"{"_id":"ignored","userId":"u","z":3,"a":4}"#))
        _ = try await store.changeDocuments(scope, limit: 0, select: { $0 }) { (_: [DocumentRecord]) in
            (DocumentWrites(inserts: [record("a", #"{"_id":"a","userId":"v","team":"ops","n":0}"#)]), ())
        }
        // Field order is kept, the `_id` of the replaced document too, and keys sort in order.
        let mine = try #require(try await store.document(selector))
        #expect(mine.id == "b" && mine.body == DocumentKey.body(#"{"_id":"ignored","userId":"u","z":3,"a":4}"#, keeping: "b"))
        #expect(mine.owner == "u")
        #expect(try await store.documents(scope, limit: 10) { $0.id } == ["a", "b"])
        var team = scope
        team.field = "team"
        team.value = "ops"
        #expect(try await store.documents(team, limit: 10) { $0.id } == ["a"])
        team.value = "dev"
        #expect(try await store.countDocuments(team) { _ in true } == 0)
        #expect(try await store.countDocuments(scope) { $0.body.contains("ops") } == 1)
        var oneId = scope
        oneId.idKey = "b"
        let byId = oneId
        #expect(try await store.documents(byId, limit: 10) { $0.id } == ["b"])
        // Twenty increments at once: none is lost.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await store.changeDocuments(byId, limit: 1, select: { $0 }) { (found: [DocumentRecord]) in
                        var document = found[0]
                        let value = try JSONValue(parsing: document.body)
                        guard case .int(let n)? = value["a"] else { return (DocumentWrites(), ()) }
                        document.body = #"{"_id":"b","userId":"u","z":3,"a":\#(Int(n) + 1)}"#
                        return (DocumentWrites(updates: [document]), ())
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await store.document(selector)?.body == #"{"_id":"b","userId":"u","z":3,"a":24}"#)
        await #expect(throws: DuplicateDocumentId(id: "a")) {
            try await store.changeDocuments(scope, limit: 0, select: { $0 }) { (_: [DocumentRecord]) in
                (DocumentWrites(inserts: [record("a", #"{"_id":"a"}"#)]), ())
            }
        }
        // A configuration naming another owner field re-reads every document.
        try await store.indexOwners(OwnerField(appId: appId, database: "db", collection: "notes", field: "team"))
        var owned = scope
        owned.field = "team"
        owned.value = "ops"
        #expect(try await store.documents(owned, limit: 10) { $0.owner } == ["ops"])
        try await store.changeDocuments(byId, limit: 1, select: { $0.id }) { (ids: [String]) in (DocumentWrites(deletes: ids), ()) }
        #expect(try await store.documents(scope, limit: 10) { $0.id } == ["a"])
    }

    @Test(arguments: StoreKind.allCases) func attemptsAuditPurgeAndSeed(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        let key = AttemptKey(scope: "login", kind: .account, value: "ann@example.com")
        #expect(try await store.attemptsWait(appId: appId, key: key) == nil)
        let wait = now.addingTimeInterval(60)
        let counted = try await withThrowingTaskGroup(of: Date?.self) { group in
            for _ in 0..<5 {
                group.addTask { try await store.recordFailure(appId: appId, keys: [key], now: now) { $0.inARow >= 5 ? wait : nil } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counted.compactMap { $0 } == [wait], "five failures counted, the fifth waits")
        #expect(try await store.attemptsWait(appId: appId, key: key) == .some(wait))
        try await store.clearFailures(appId: appId, key: key)
        #expect(try await store.attemptsWait(appId: appId, key: key) == nil)
        _ = try await store.recordFailure(appId: appId, keys: [key], now: now) { _ in nil }
        #expect(try await store.attemptsWait(appId: appId, key: key) == .some(nil))

        for (offset, event) in [(0.0, AuditEntry.Event.loggedIn), (1, .loggedOut), (2, .loggedIn)] {
            try await store.appendAudit(AuditEntry(at: now.addingTimeInterval(offset), appId: appId, event: event, userId: "u", address: "::1"))
        }
        try await store.appendAudit(AuditEntry(at: now, appId: appId, event: .admin, detail: "purge"))
        #expect(try await store.auditEntries(appId: appId, AuditQuery(userId: "u")).map(\.event) == [.loggedIn, .loggedOut, .loggedIn])
        #expect(try await store.auditEntries(appId: appId, AuditQuery(since: now.addingTimeInterval(1), limit: 1)).map(\.event) == [.loggedIn])

        let seeds = (0..<2).map { index in
            SeedUser(
                user: user("seed\(index)"),
                account: EmailAccountRecord(
                    id: "sa\(index)", appId: appId, email: "s\(index)@example.com", passwordHash: "h", confirmed: true, createdAt: now),
                identity: identity("local-userpass", "sa\(index)", user: "seed\(index)"), document: nil)
        }
        let seeded = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 { group.addTask { try await store.seedIfEmpty(appId: appId, seeds) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(seeded.filter { $0 }.count == 1)
        #expect(try await store.userCount(appId: appId) == 2)

        // An anonymous user whose sessions lapsed long ago goes with them; a used token, the
        // spent failure count and old audit entries go too.
        _ = try await store.findOrCreateUser(identity: identity("anon-user", "old", user: ""), newUser: user("old", at: -90 * 86400))
        try await store.insertSession(session("lapsed", user: "old", expires: -80 * 86400))
        try await store.insertAccountToken(AccountTokenRecord(
            id: "used", appId: appId, email: "s0@example.com", purpose: .confirm, digest: "d", createdAt: now, expiresAt: now, used: true))
        let report = try await store.purge(PurgeRule(
            appId: appId, now: now.addingTimeInterval(7200), retention: 30 * 86400, auditRetention: 3600, limit: 100))
        #expect(report.anonymousUsers == 1)
        #expect(report.accountTokens == 1)
        #expect(report.attemptCounts == 1)
        #expect(report.auditEntries == 4)
        #expect(try await store.user(appId: appId, id: "old") == nil)
        #expect(try await store.userCount(appId: appId) == 2)
    }
}
