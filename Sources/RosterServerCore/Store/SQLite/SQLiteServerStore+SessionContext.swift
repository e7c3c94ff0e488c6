import GRDB

extension SQLiteServerStore {
    package func sessionContext(id: String, userId: String, customData: DocumentSelector?) async throws -> SessionContext? {
        let read = { @Sendable (db: Database) throws -> SessionContext? in
            try SessionContextQuery.read(db, sessionId: id, userId: userId, customData: customData)
        }
        // One statement, one snapshot: no transaction around it (see SessionContextQuery).
        if let context = try callingThreadReaders.read(inTransaction: false, read) { return context }
        return try await pool.unsafeRead(read)
    }
}
