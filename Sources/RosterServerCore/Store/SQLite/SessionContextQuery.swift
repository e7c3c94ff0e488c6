import GRDB

/// The read behind every request that bears a token, as one SQLite statement: the session, its
/// user, the owner field of the custom data collection and the user's document there. One
/// statement reads one snapshot by itself, so it runs without a transaction around it (a
/// transaction's `BEGIN` and `COMMIT` cost as much as a lookup). Without a selector (or for a
/// session of another app) the owner field and the document come back null.
package enum SessionContextQuery {
    package static let sql = """
            SELECT \(RecordColumns.sessionContext)
            FROM sessions s
            LEFT JOIN users u ON u.app_id = s.app_id AND u.id = ?2
            LEFT JOIN document_owner_fields f
                ON s.app_id = ?3 AND f.app_id = ?3 AND f."database" = ?4 AND f.collection = ?5
            LEFT JOIN documents d ON d.rowid = (
                SELECT rowid FROM documents
                WHERE app_id = ?3 AND "database" = ?4 AND collection = ?5 AND owner = ?6 AND f.field = ?7
                ORDER BY id LIMIT 1)
            WHERE s.id = ?1
            """

    /// The session, its user and the custom data document, nil without the session. When the
    /// selector's field is not the collection's owner field, the document is looked up by the
    /// selector's own field, a second statement.
    package static func read(_ db: Database, sessionId: String, userId: String, customData: DocumentSelector?) throws -> SessionContext? {
        let arguments: StatementArguments = [
            sessionId, userId, customData?.appId, customData?.database, customData?.collection, customData?.value, customData?.field,
        ]
        guard let (session, user, ownerField, document) = try row(db, arguments) else { return nil }
        switch SessionContextRule.customData(customData, sessionAppId: session.appId, ownerField: ownerField) {
        case .noDocument: return SessionContext(session: session, user: user, document: nil)
        case .joined: return SessionContext(session: session, user: user, document: document)
        case .lookedUp:
            // Another field than the owner's (or none recorded): the general lookup.
            return SessionContext(session: session, user: user, document: try customData.flatMap { try SQLiteServerStore.document(db, $0) })
        }
    }

    /// The statement's row (0 to 11 the session's columns, 12 to 16 the user's, 17 the owner
    /// field, 18 to 23 the document's, as `sql` selects them from `RecordColumns`), read by
    /// position through GRDB's `Row`. The statement is stepped to its end (one row at most: the
    /// session's id is its key), so it lets go of its snapshot before anything else is read.
    private static func row(_ db: Database, _ arguments: StatementArguments) throws -> (SessionRecord, UserRecord?, String?, DocumentRecord?)? {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        guard let row = try rows.next() else { return nil }
        let read = try records(row)
        guard try rows.next() == nil else {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "two sessions read for one id", sql: sql)
        }
        return read
    }

    /// The records in `row`, read while the cursor stands on it.
    private static func records(_ row: Row) throws -> (SessionRecord, UserRecord?, String?, DocumentRecord?) {
        let session = SessionRecord(
            id: try row.decode(atIndex: 0), appId: try row.decode(atIndex: 1), userId: try row.decode(atIndex: 2),
            deviceId: try row.decode(atIndex: 3), refreshDigest: try row.decode(atIndex: 4), createdAt: try row.decode(atIndex: 5),
            expiresAt: try row.decode(atIndex: 6), revoked: try row.decode(atIndex: 7), refreshGeneration: try row.decode(atIndex: 8),
            previousRefreshDigest: try row.decode(atIndex: 9), rotatedAt: try row.decode(atIndex: 10),
            sealedRefresh: try row.decode(atIndex: 11))
        var user: UserRecord?
        if let id: String = try row.decode(atIndex: 12) {
            user = UserRecord(
                id: id, appId: try row.decode(atIndex: 13), disabled: try row.decode(atIndex: 14), createdAt: try row.decode(atIndex: 15),
                profile: try row.decode(atIndex: 16))
        }
        var document: DocumentRecord?
        if let appId: String = try row.decode(atIndex: 18) {
            document = DocumentRecord(
                appId: appId, database: try row.decode(atIndex: 19), collection: try row.decode(atIndex: 20), id: try row.decode(atIndex: 21),
                body: try row.decode(atIndex: 22), owner: try row.decode(atIndex: 23))
        }
        return (session, user, try row.decode(atIndex: 17), document)
    }
}
