import Foundation
import Logging
import PostgresNIO

extension PostgresServerStore {
    /// The session with its user in one query, then the custom data document with its
    /// collection's owner field in another: two round trips on one connection for every
    /// refresh, where reading each apart took four.
    func sessionContext(id: String, userId: String, customData: @escaping @Sendable (_ appId: String) -> DocumentSelector?) async throws
        -> SessionContext?
    {
        let logger = logger
        return try await withConnection { db in
            let columns = Self.sessionColumns.split(separator: ",").map { "s.\($0.trimmingCharacters(in: .whitespacesAndNewlines))" }
            let users = Self.userColumns.split(separator: ",").map { "u.\($0.trimmingCharacters(in: .whitespaces))" }
            let query: PostgresQuery = """
                SELECT \(unescaped: (columns + users).joined(separator: ", "))
                FROM sessions s LEFT JOIN users u ON u.app_id = s.app_id AND u.id = \(userId)
                WHERE s.id = \(id)
                """
            guard let row = try await db.query(query, logger: logger).collect().first else { return nil }
            let (session, user) = try Self.sessionAndUser(row)
            var document: DocumentRecord?
            if let selector = customData(session.appId) {
                document = try await Self.ownedDocument(db, selector, logger: logger)
            }
            return SessionContext(session: session, user: user, document: document)
        }
    }

    /// A row of `sessions` joined with `users`: the session's columns, then the user's, null
    /// when the user is gone.
    static func sessionAndUser(_ row: PostgresRow) throws -> (SessionRecord, UserRecord?) {
        let cells = row.makeRandomAccess()
        let session = SessionRecord(
            id: try cells[0].decode(String.self), appId: try cells[1].decode(String.self), userId: try cells[2].decode(String.self),
            deviceId: try cells[3].decode(String.self), refreshDigest: try cells[4].decode(String.self),
            createdAt: try cells[5].decode(Date.self), expiresAt: try cells[6].decode(Date.self), revoked: try cells[7].decode(Bool.self),
            refreshGeneration: try cells[8].decode(Int.self), previousRefreshDigest: try cells[9].decode(String?.self),
            rotatedAt: try cells[10].decode(Date?.self), sealedRefresh: try cells[11].decode(Data?.self))
        guard let userId = try cells[12].decode(String?.self) else { return (session, nil) }
        let user = UserRecord(
            id: userId, appId: try cells[13].decode(String.self), disabled: try cells[14].decode(Bool.self),
            createdAt: try cells[15].decode(Date.self), profile: try cells[16].decode(String.self))
        return (session, user)
    }

    /// The document `selector` names, in one query when the selector's field is its
    /// collection's owner field (an index seek on the owner column, as custom data always is);
    /// through `document` otherwise.
    static func ownedDocument(_ db: PostgresConnection, _ selector: DocumentSelector, logger: Logger) async throws -> DocumentRecord? {
        let documents = documentColumns.split(separator: ",").map { "d.\($0.trimmingCharacters(in: .whitespaces))" }
        let query: PostgresQuery = """
            SELECT f.field, \(unescaped: documents.joined(separator: ", "))
            FROM (SELECT 1) AS one
            LEFT JOIN document_owner_fields f
                ON f.app_id = \(selector.appId) AND f."database" = \(selector.database) AND f.collection = \(selector.collection)
            LEFT JOIN LATERAL (
                SELECT \(unescaped: documentColumns) FROM documents
                WHERE app_id = \(selector.appId) AND "database" = \(selector.database) AND collection = \(selector.collection)
                    AND owner = \(selector.value) AND f.field = \(selector.field)
                ORDER BY id LIMIT 1
            ) d ON true
            """
        guard let row = try await db.query(query, logger: logger).collect().first else { return nil }
        let cells = row.makeRandomAccess()
        guard try cells[0].decode(String?.self) == selector.field else {
            // Another field than the owner's: the general lookup, on the collection's other index.
            return try await document(db, selector, logger: logger)
        }
        guard let appId = try cells[1].decode(String?.self) else { return nil }
        return DocumentRecord(
            appId: appId, database: try cells[2].decode(String.self), collection: try cells[3].decode(String.self),
            id: try cells[4].decode(String.self), body: try cells[5].decode(String.self), owner: try cells[6].decode(String?.self))
    }
}
