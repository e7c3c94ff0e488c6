import GRDB

/// The read behind every request that bears a token, as one SQLite statement: the session, its
/// user, the owner field of the custom data collection and the user's document there. One
/// statement reads one snapshot by itself, so it runs without a transaction around it (a
/// transaction's `BEGIN` and `COMMIT` cost as much as a lookup). Without a selector (or for a
/// session of another app) the owner field and the document come back null.
enum SessionContextQuery {
    static let sql = """
            SELECT \(RecordColumns.sessionContext)
            FROM session s
            LEFT JOIN "user" u ON u.app_id = s.app_id AND u.id = ?2
            LEFT JOIN document_owner_field f
                ON s.app_id = ?3 AND f.app_id = ?3 AND f."database" = ?4 AND f.collection = ?5
            LEFT JOIN document d ON d.rowid = (
                SELECT rowid FROM document
                WHERE app_id = ?3 AND "database" = ?4 AND collection = ?5 AND owner = ?6 AND f.field = ?7
                ORDER BY id LIMIT 1)
            WHERE s.id = ?1
            """

    /// The session, its user and the custom data document, nil without the session. When the
    /// selector's field is not the collection's owner field, the document is looked up by the
    /// selector's own field, a second statement.
    static func read(_ db: Database, sessionId: String, userId: String, customData: DocumentSelector?) throws -> SessionContext? {
        let arguments: StatementArguments = [
            sessionId, userId, customData?.appId, customData?.database, customData?.collection, customData?.value, customData?.field,
        ]
        guard let (session, user, ownerField, document) = try row(db, arguments) else { return nil }
        guard let selector = customData, selector.appId == session.appId else {
            return SessionContext(session: session, user: user, document: nil)
        }
        guard ownerField == selector.field else {
            // Another field than the owner's (or none recorded): the general lookup.
            return SessionContext(session: session, user: user, document: try SQLiteServerStore.document(db, selector))
        }
        return SessionContext(session: session, user: user, document: document)
    }

    /// The statement's row, read in place column by column by position (0 to 11 the session's,
    /// 12 to 16 the user's, 17 the owner field, 18 to 23 the document's, as `sql` selects them
    /// from `RecordColumns`),
    /// so no name is looked up: GRDB's scoped adapters cost more than the query. The cursor lives
    /// until the row is read and ends with this function, which resets the statement and lets go
    /// of its snapshot before anything else is read.
    private static func row(
        _ db: Database, _ arguments: StatementArguments
    ) throws -> (SessionRecord, UserRecord?, String?, DocumentRecord?)? {
        let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        return try withExtendedLifetime(cursor) {
            guard let row = try cursor.next() else { return nil }
            let session = SessionRecord(
                id: row[0], appId: row[1], userId: row[2], deviceId: row[3], refreshDigest: row[4], createdAt: row[5], expiresAt: row[6],
                revoked: row[7], refreshGeneration: row[8], previousRefreshDigest: row[9], rotatedAt: row[10], sealedRefresh: row[11])
            let user =
                row.hasNull(atIndex: 12)
                ? nil : UserRecord(id: row[12], appId: row[13], disabled: row[14], createdAt: row[15], profile: row[16])
            let document =
                row.hasNull(atIndex: 18)
                ? nil : DocumentRecord(appId: row[18], database: row[19], collection: row[20], id: row[21], body: row[22], owner: row[23])
            return (session, user, row[17], document)
        }
    }
}
