import Foundation
import GRDB
import Testing

@testable import RosterServer
@testable import RosterServerCore

/// Commits are synced at the next checkpoint, except the writes that must never come undone once
/// answered (ended sessions, resets, redeemed tokens, …), which are synced before they return.
@Suite struct StoreDurabilityTests {
    /// 1 is NORMAL, 2 is FULL.
    private func synchronous(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1
    }

    @Test func ordinaryCommitsAreNormalAndDurableWritesAreSyncedBeforeTheyReturn() async throws {
        let t = try await TestServer.make()
        let store = try SQLiteServerStore(path: t.databasePath)
        #expect(try await store.pool.write { db in try synchronous(db) } == 1)
        #expect(try await store.pool.read { db in try synchronous(db) } == 1)
        #expect(try await store.durableWrite { db in try synchronous(db) } == 2)
        #expect(try await store.pool.write { db in try synchronous(db) } == 1, "the writer goes back to NORMAL")
        // A durable write that throws rolls back, and leaves the writer at NORMAL too.
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await store.durableWrite { db in
                try db.execute(sql: "INSERT INTO signing_secrets (name, secret) VALUES ('rolled-back', x'00')")
                throw Refused()
            }
        }
        #expect(try await store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM signing_secrets WHERE name = 'rolled-back'") } == 0)
        #expect(try await store.pool.write { db in try synchronous(db) } == 1)
    }
}

/// No commit copies the write-ahead log into the file: a checkpointer on its own connection does,
/// so a commit never waits behind a checkpoint.
@Suite struct StoreCheckpointTests {
    /// A store of its own over a new file: no other store's checkpointer may touch its log, or
    /// these tests would see that one's work.
    private func store(checkpointEvery interval: Duration) throws -> (SQLiteServerStore, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-checkpoint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("server.sqlite").path
        return (try SQLiteServerStore(path: path, checkpointEvery: interval), path)
    }

    /// `count` commits of about one page each.
    private func commit(_ count: Int, to store: SQLiteServerStore, tag: String) async throws {
        for index in 0..<count {
            try await store.pool.write { db in
                try db.execute(
                    sql: "INSERT INTO signing_secrets (name, secret) VALUES (?, randomblob(3000))", arguments: ["\(tag)-\(index)"])
            }
        }
    }

    @Test func commitsLeaveTheLogToTheCheckpointer() async throws {
        let (store, _) = try store(checkpointEvery: .seconds(3600))
        #expect(try await store.pool.write { db in try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") } == 0)
        #expect(try await store.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") } == 0)
        try await store.checkpointer.checkpoint()
        // SQLite's default would have checkpointed and restarted the log at 1,000 pages.
        try await commit(1_200, to: store, tag: "page")
        let pass = try await store.checkpointer.checkpoint()
        #expect(pass.frames >= 1_200, "every commit is still in the log: \(pass)")
        #expect(pass.checkpointed == pass.frames, "with no reader in the way, all of it goes into the file")
        // The log starts over: the next commits are all the log holds.
        try await commit(10, to: store, tag: "after")
        let next = try await store.checkpointer.checkpoint()
        #expect(next.frames > 0 && next.frames < 100, "\(next)")
    }

    /// The read every token-bearing request makes (`SessionContextQuery`) runs without a
    /// transaction; a statement left unfinished would keep its snapshot, and the checkpointer
    /// could not copy any later commit into the file.
    @Test func theTokenReadLeavesNoSnapshotInTheCheckpointersWay() async throws {
        let (store, _) = try store(checkpointEvery: .seconds(3600))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try await store.findOrCreateUser(
            identity: IdentityRecord(appId: "app", providerType: "anon-user", providerId: "a", userId: "", createdAt: now),
            newUser: UserRecord(id: "u", appId: "app", disabled: false, createdAt: now, profile: "{}"))
        try await store.insertSession(
            SessionRecord(
                id: "s1", appId: "app", userId: "u", deviceId: "dev", refreshDigest: "d", createdAt: now,
                expiresAt: now.addingTimeInterval(3600), revoked: false))
        try await store.checkpointer.checkpoint()
        for _ in 0..<3 { #expect(try await store.sessionContext(id: "s1", userId: "u", customData: nil)?.session.id == "s1") }
        try await commit(10, to: store, tag: "after-read")
        let pass = try await store.checkpointer.checkpoint()
        #expect(pass.frames >= 10 && pass.checkpointed == pass.frames, "a reader kept a snapshot from before the commits: \(pass)")
    }

    /// Readers in turn on connections of their own, each holding its snapshot a few
    /// milliseconds and the next one beginning before the last ends, so that one is always in
    /// the log, as under a steady load; until `stop()`.
    private final class ReaderRelay: Sendable {
        private let task: Task<Void, Never>

        init(path: String) throws {
            var configuration = Configuration()
            configuration.allowsUnsafeTransactions = true  // each read is left open across two accesses
            let readers = [try DatabaseQueue(path: path, configuration: configuration), try DatabaseQueue(path: path, configuration: configuration)]
            task = Task.detached {
                var turn = 0
                try? readers[turn].inDatabase { db in
                    try db.execute(sql: "BEGIN")
                    _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM signing_secrets")
                }
                while !Task.isCancelled {
                    usleep(2_000)
                    let next = 1 - turn
                    try? readers[next].inDatabase { db in
                        try db.execute(sql: "BEGIN")
                        _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM signing_secrets")
                    }
                    try? readers[turn].inDatabase { db in try db.execute(sql: "COMMIT") }
                    turn = next
                }
                try? readers[turn].inDatabase { db in try db.execute(sql: "COMMIT") }
            }
        }

        func stop() async {
            task.cancel()
            await task.value
        }
    }

    /// Under a steady load some reader is always in the log, so a passive checkpoint never lets
    /// it start over and it only grows. A pass that finds it past `restartFrames` restarts it,
    /// waiting for the readers already in it (those that begin meanwhile read the file alone):
    /// the next commits write over the log from its start, and its file grows no more.
    @Test func aLogThatReadersNeverLeaveIsRestarted() async throws {
        let (store, path) = try store(checkpointEvery: .seconds(3600))
        try await store.checkpointer.checkpoint()
        let relay = try ReaderRelay(path: path)
        try await commit(1_200, to: store, tag: "page")
        let pass = try await store.checkpointer.checkpoint()
        let logBytes = { (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int }
        let grown = try #require(logBytes())
        try await commit(100, to: store, tag: "after")
        let next = try await store.checkpointer.checkpoint()
        await relay.stop()
        #expect(pass.frames >= 1_200 && pass.restarted, "\(pass)")
        #expect(next.frames >= 100 && next.frames < 1_000, "the commits after the restart are all the log holds: \(next)")
        #expect(logBytes() == grown, "the log was written over from its start, its file no longer")
    }

    @Test func theCheckpointerRunsOnItsOwn() async throws {
        let (store, path) = try store(checkpointEvery: .milliseconds(20))
        try await commit(50, to: store, tag: "page")
        // Two passes that began after the last commit.
        let after = store.checkpointer.history.count
        for _ in 0..<3_000 where store.checkpointer.history.count < after + 2 {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(store.checkpointer.history.count >= after + 2)
        // The database file alone, without its log, now holds every commit.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("checkpointed-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(atPath: path, toPath: copy.path)
        let alone = try DatabaseQueue(path: copy.path)
        #expect(try await alone.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM signing_secrets WHERE name LIKE 'page-%'") } == 50)
    }
}
