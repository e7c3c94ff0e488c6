import GRDB

extension SQLiteServerStore {
    func sessionContext(id: String, userId: String, customData: DocumentSelector?) async throws -> SessionContext? {
        let read = { @Sendable (db: Database) throws -> SessionContext? in
            // Cached statements: these run on every authorized request, and preparing them anew
            // each time cost as much as running them.
            guard let session = try SessionRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM session WHERE id = ?"), arguments: [id])
            else { return nil }
            let user = try UserRecord.fetchOne(
                db.cachedStatement(sql: #"SELECT * FROM "user" WHERE app_id = ? AND id = ?"#), arguments: [session.appId, userId])
            let document = try customData.flatMap { $0.appId == session.appId ? try Self.document(db, $0) : nil }
            return SessionContext(session: session, user: user, document: document)
        }
        if let context = try callingThreadReaders.read(read) { return context }
        return try await pool.read(read)
    }
}
