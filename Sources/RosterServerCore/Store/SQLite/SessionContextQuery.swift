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
    /// `SessionContextCursor`. The statement is stepped to its end (one row at most: the
    /// session's id is its key), so it lets go of its snapshot before anything else is read.
    private static func row(_ db: Database, _ arguments: StatementArguments) throws -> SessionContextCursor.Element? {
        let cursor = try SessionContextCursor(db.cachedStatement(sql: sql), arguments: arguments)
        let row = try cursor.next()
        guard try cursor.next() == nil else {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "two sessions read for one id", sql: sql)
        }
        return row
    }
}

/// The session context's row read in place from SQLite's columns by position. GRDB's `Row`
/// builds a table of its column names for every row it reads, and its scoped adapters look
/// the columns up by name: both cost more than the query.
private final class SessionContextCursor: DatabaseCursor {
    package typealias Element = (SessionRecord, UserRecord?, String?, DocumentRecord?)
    package let _statement: Statement
    package var _isDone = false

    package init(_ statement: Statement, arguments: StatementArguments) throws {
        _statement = statement
        try statement.setArguments(arguments)  // resets the statement, and checks and binds them
    }

    package func _element(sqliteStatement row: SQLiteStatement) throws -> Element {
        func value<T: StatementColumnConvertible>(_ index: CInt) throws -> T {
            guard let value = T.fromStatement(row, atUncheckedIndex: index) else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISMATCH, message: "column \(index) of the session context is not a \(T.self)", sql: _statement.sql)
            }
            return value
        }
        func optional<T: StatementColumnConvertible>(_ index: CInt) -> T? { T.fromStatement(row, atUncheckedIndex: index) }
        let session = SessionRecord(
            id: try value(0), appId: try value(1), userId: try value(2), deviceId: try value(3), refreshDigest: try value(4),
            createdAt: try value(5), expiresAt: try value(6), revoked: try value(7), refreshGeneration: try value(8),
            previousRefreshDigest: optional(9), rotatedAt: optional(10), sealedRefresh: optional(11))
        var user: UserRecord?
        if let id: String = optional(12) {
            user = UserRecord(id: id, appId: try value(13), disabled: try value(14), createdAt: try value(15), profile: try value(16))
        }
        var document: DocumentRecord?
        if let appId: String = optional(18) {
            document = DocumentRecord(
                appId: appId, database: try value(19), collection: try value(20), id: try value(21), body: try value(22),
                owner: optional(23))
        }
        return (session, user, optional(17), document)
    }
}
