import Foundation
import GRDB

extension SQLiteServerStore {
    package func documentPage(_ scope: DocumentScope, after: String?, count: Int) async throws -> [DocumentRecord] {
        try await pool.read { db in
            var (sql, arguments) = try Self.selection(db, scope, after: after)
            sql += " LIMIT ?"
            arguments += [count]
            return try DocumentRecord.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        }
    }

    package func applyDocumentWrites(_ scope: DocumentScope, expecting expected: [String: String], _ writes: DocumentWrites) async throws
        -> Bool
    {
        let hub = changes
        // The changes and their text are made before the transaction: it holds the one writer,
        // and runs its statements cached, parsed once a connection.
        let changes = DocumentChangeRule.changes(scope, expected: expected, writes, at: hub.now())
        let texts = changes.map(\.text)
        return try await pool.write { db in
            let read = #"SELECT body FROM documents WHERE app_id = ? AND "database" = ? AND collection = ? AND id = ?"#
            for (id, body) in expected.sorted(by: { $0.key < $1.key }) {
                let arguments: StatementArguments = [scope.appId, scope.database, scope.collection, id]
                let stored = try String.fetchOne(db.cachedStatement(sql: read), arguments: arguments)
                guard stored == body else { return false }
            }
            let owner = try Self.ownerField(db, appId: scope.appId, database: scope.database, collection: scope.collection)
            for record in writes.inserts.map({ DocumentWriteRule.owned($0, ownerField: owner) }) {
                do {
                    try record.insert(db)
                } catch let error as DatabaseError where error.isUniqueViolation {
                    throw DuplicateDocumentId(id: record.id)
                }
            }
            for record in writes.updates.map({ DocumentWriteRule.owned($0, ownerField: owner) }) {
                try record.update(db)
            }
            let delete = #"DELETE FROM documents WHERE app_id = ? AND "database" = ? AND collection = ? AND id = ?"#
            for id in writes.deletes {
                try db.cachedStatement(sql: delete).execute(arguments: [scope.appId, scope.database, scope.collection, id])
            }
            try Self.record(changes, texts: texts, db, hub: hub)
            return true
        }
    }

    package func indexOwners(_ owner: OwnerField) async throws {
        try await pool.write { db in
            let recorded = try Self.ownerField(db, appId: owner.appId, database: owner.database, collection: owner.collection)
            guard recorded != owner.field else { return }
            let path = Self.jsonPath(owner.field)
            try db.execute(
                sql: """
                    UPDATE documents SET owner = CASE WHEN json_valid(body) AND json_type(body, ?) = 'text'
                    THEN json_extract(body, ?) END WHERE app_id = ? AND "database" = ? AND collection = ?
                    """,
                arguments: [path, path, owner.appId, owner.database, owner.collection])
            try db.execute(
                sql: """
                    INSERT INTO document_owner_fields (app_id, "database", collection, field) VALUES (?, ?, ?, ?)
                    ON CONFLICT (app_id, "database", collection) DO UPDATE SET field = excluded.field
                    """,
                arguments: [owner.appId, owner.database, owner.collection, owner.field])
        }
    }

    // MARK: Reading

    /// The scope's rows in key order.
    package static func cursor(_ db: Database, _ scope: DocumentScope) throws -> RecordCursor<DocumentRecord> {
        let (sql, arguments) = try selection(db, scope)
        // Cached: a handful of shapes, and custom user data is read behind every log-in and refresh.
        return try DocumentRecord.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
    }

    /// The query that reads a scope: an index seek on the owner column when the scope's field
    /// is the collection's owner field, on the primary key when it names an `_id`; a scan of the
    /// collection with `json_extract` otherwise.
    package static func selection(_ db: Database, _ scope: DocumentScope, after: String? = nil) throws
        -> (sql: String, arguments: StatementArguments)
    {
        var sql = #"SELECT * FROM documents WHERE app_id = ? AND "database" = ? AND collection = ?"#
        var arguments: StatementArguments = [scope.appId, scope.database, scope.collection]
        if let after {
            sql += " AND id > ?"
            arguments += [after]
        }
        if let idKey = scope.idKey {
            sql += " AND id = ?"
            arguments += [idKey]
        }
        if let field = scope.field, let value = scope.value {
            if try ownerField(db, appId: scope.appId, database: scope.database, collection: scope.collection) == field {
                sql += " AND owner = ?"
                arguments += [value]
            } else {
                sql += " AND json_valid(body) AND json_extract(body, ?) = ?"
                arguments += [jsonPath(field), value]
            }
        }
        return (sql + " ORDER BY id", arguments)
    }

    package static func ownerField(_ db: Database, appId: String, database: String, collection: String) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(sql: #"SELECT field FROM document_owner_fields WHERE app_id = ? AND "database" = ? AND collection = ?"#),
            arguments: [appId, database, collection])
    }
}
