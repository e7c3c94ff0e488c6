import GRDB

/// How far a commit is synced. The store commits in WAL mode with `synchronous = NORMAL`: every
/// commit survives a crash of the server, and reaches the disk at the next checkpoint, so a
/// flood of refused log-ins (each one an audit row) does not make other users' log-ins wait on
/// the disk. A power cut or a kernel crash may lose the last commits of that kind, never
/// corrupt the file. What must never come undone once answered is a durable write, synced
/// before the answer (`synchronous = FULL`): ended sessions and rotated refresh tokens,
/// disabled and deleted users, password resets, redeemed tokens, API keys disabled or deleted,
/// and the signing secret.
extension SQLiteServerStore {
    package static let synchronousPragma = "PRAGMA synchronous = NORMAL"

    /// Runs `updates` in one immediate transaction whose commit is synced to the disk before it
    /// returns.
    package func durableWrite<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            defer { try? db.execute(sql: Self.synchronousPragma) }
            var result: T?
            try db.inTransaction(.immediate) {
                result = try updates(db)
                return .commit
            }
            guard let result else { preconditionFailure("a committed transaction gives its result") }
            return result
        }
    }
}
