import Foundation
import Logging
import PostgresNIO
import RosterServerCore
import RosterWire

extension PostgresServerStore {
    package func document(_ selector: DocumentSelector) async throws -> DocumentRecord? {
        let logger = logger
        return try await withConnection { db in try await Self.document(db, selector, logger: logger) }
    }

    package func replaceDocument(_ selector: DocumentSelector, with record: DocumentRecord) async throws {
        let logger = logger
        let now = changes.now
        try await write { db in
            let change = try await Self.replaceDocument(db, selector, with: record, at: now(), logger: logger)
            try await Self.announce([change], db, logger: logger)
        }
    }

    package func documentPage(_ scope: DocumentScope, after: String?, count: Int) async throws -> [DocumentRecord] {
        let logger = logger
        return try await withConnection { db in
            var page: [DocumentRecord] = []
            for try await row in try await db.query(try await Self.selection(db, scope, after: after, count: count, logger: logger), logger: logger) {
                page.append(try Self.document(row))
            }
            return page
        }
    }

    package func applyDocumentWrites(_ scope: DocumentScope, expecting expected: [String: String], _ writes: DocumentWrites) async throws
        -> Bool
    {
        let logger = logger
        // The changes and their text are made before the transaction.
        let changes = DocumentChangeRule.changes(scope, expected: expected, writes, at: self.changes.now())
        let texts = changes.map(\.text)
        return try await write { db in
            for (id, body) in expected.sorted(by: { $0.key < $1.key }) {
                let stored = try await db.query(
                    """
                    SELECT body FROM documents WHERE app_id = \(scope.appId) AND "database" = \(scope.database)
                    AND collection = \(scope.collection) AND id = \(id) FOR UPDATE
                    """, logger: logger
                ).collect().first?.decode(String.self)
                guard stored == body else { return false }
            }
            let owner = try await Self.ownerField(db, appId: scope.appId, database: scope.database, collection: scope.collection, logger: logger)
            for record in writes.inserts.map({ DocumentWriteRule.owned($0, ownerField: owner) }) {
                do {
                    try await Self.insert(db, record, logger: logger)
                } catch let error as PSQLError where error.isUniqueViolation {
                    throw DuplicateDocumentId(id: record.id)
                }
            }
            for record in writes.updates.map({ DocumentWriteRule.owned($0, ownerField: owner) }) {
                try await Self.update(db, record, logger: logger)
            }
            for id in writes.deletes {
                try await db.query(
                    """
                    DELETE FROM documents WHERE app_id = \(scope.appId) AND "database" = \(scope.database)
                    AND collection = \(scope.collection) AND id = \(id)
                    """, logger: logger)
            }
            try await Self.announce(changes, texts: texts, db, logger: logger)
            return true
        }
    }

    package func indexOwners(_ owner: OwnerField) async throws {
        let logger = logger
        try await write { db in
            let recorded = try await Self.ownerField(
                db, appId: owner.appId, database: owner.database, collection: owner.collection, logger: logger)
            guard recorded != owner.field else { return }
            try await db.query(
                """
                UPDATE documents SET owner = CASE WHEN jsonb_typeof(doc -> \(owner.field)) = 'string' THEN doc ->> \(owner.field) END
                WHERE app_id = \(owner.appId) AND "database" = \(owner.database) AND collection = \(owner.collection)
                """, logger: logger)
            try await db.query(
                """
                INSERT INTO document_owner_fields (app_id, "database", collection, field)
                VALUES (\(owner.appId), \(owner.database), \(owner.collection), \(owner.field))
                ON CONFLICT (app_id, "database", collection) DO UPDATE SET field = excluded.field
                """, logger: logger)
        }
    }

    // MARK: Reading and writing

    package static func document(_ db: PostgresConnection, _ selector: DocumentSelector, logger: Logger) async throws -> DocumentRecord? {
        let scope = DocumentScope(
            appId: selector.appId, database: selector.database, collection: selector.collection, field: selector.field,
            value: selector.value)
        return try await select(db, scope, limit: 1, logger: logger) { $0 }.first
    }

    /// Replaces the selected document's body (keeping its `_id`), or inserts `record`; answers
    /// the change it made.
    @discardableResult
    package static func replaceDocument(
        _ db: PostgresConnection, _ selector: DocumentSelector, with record: DocumentRecord, at time: Date = Date(), logger: Logger
    ) async throws -> DocumentChange {
        let ownerField = try await ownerField(
            db, appId: selector.appId, database: selector.database, collection: selector.collection, logger: logger)
        let existing = try await document(db, selector, logger: logger)
        let replacement = DocumentWriteRule.replacement(of: existing, with: record, ownerField: ownerField)
        switch replacement {
        case .update(let replaced): try await update(db, replaced, logger: logger)
        case .insert(let inserted): try await insert(db, inserted, logger: logger)
        }
        return DocumentChangeRule.change(replacement, replacing: existing, at: time)
    }

    private static func select<Selected>(
        _ db: PostgresConnection, _ scope: DocumentScope, limit: Int, logger: Logger,
        _ select: (DocumentRecord) throws -> Selected?
    ) async throws -> [Selected] {
        var selected: [Selected] = []
        guard limit > 0 else { return selected }
        for try await row in try await db.query(try await selection(db, scope, logger: logger), logger: logger) {
            guard let value = try select(try document(row)) else { continue }
            selected.append(value)
            if selected.count == limit { break }
        }
        return selected
    }

    /// The query that reads a scope in key order: an index seek on the owner column when the
    /// scope's field is the collection's owner field, on the primary key when it names an
    /// `_id`, and JSONB containment (the GIN index) on any other field.
    package static func selection(
        _ db: PostgresConnection, _ scope: DocumentScope, after: String? = nil, count: Int? = nil, logger: Logger
    ) async throws -> PostgresQuery {
        var bindings = PostgresBindings()
        bindings.append(scope.appId)
        bindings.append(scope.database)
        bindings.append(scope.collection)
        var sql = #"SELECT \#(documentColumns) FROM documents WHERE app_id = $1 AND "database" = $2 AND collection = $3"#
        if let after {
            bindings.append(after)
            sql += " AND id > $\(bindings.count)"
        }
        if let idKey = scope.idKey {
            bindings.append(idKey)
            sql += " AND id = $\(bindings.count)"
        }
        if let field = scope.field, let value = scope.value {
            let owner = try await ownerField(db, appId: scope.appId, database: scope.database, collection: scope.collection, logger: logger)
            if owner == field {
                bindings.append(value)
                sql += " AND owner = $\(bindings.count)"
            } else {
                bindings.append(field)
                let fieldIndex = bindings.count
                bindings.append(value)
                sql += " AND doc @> jsonb_build_object($\(fieldIndex)::text, $\(bindings.count)::text)"
                sql += " AND jsonb_typeof(doc -> $\(fieldIndex)::text) = 'string'"
            }
        }
        sql += " ORDER BY id"
        if let count {
            bindings.append(count)
            sql += " LIMIT $\(bindings.count)"
        }
        return PostgresQuery(unsafeSQL: sql, binds: bindings)
    }

    package static func ownerField(
        _ db: PostgresConnection, appId: String, database: String, collection: String, logger: Logger
    ) async throws -> String? {
        try await db.query(
            """
            SELECT field FROM document_owner_fields WHERE app_id = \(appId) AND "database" = \(database) AND collection = \(collection)
            """, logger: logger
        ).collect().first?.decode(String.self)
    }

    /// The body as JSONB when it is JSON; nil keeps it out of field queries.
    private static func jsonb(_ body: String) -> String? {
        // JSONB has no NUL character: such a body is kept as text only.
        !body.contains("\\u0000") && (try? JSONValue(parsing: body)) != nil ? body : nil
    }

    package static func insert(_ db: PostgresConnection, _ record: DocumentRecord, logger: Logger) async throws {
        try await db.query(
            """
            INSERT INTO documents (app_id, "database", collection, id, body, doc, owner) VALUES (\(record.appId), \(record.database),
            \(record.collection), \(record.id), \(record.body), \(jsonb(record.body))::jsonb, \(record.owner))
            """, logger: logger)
    }

    package static func update(_ db: PostgresConnection, _ record: DocumentRecord, logger: Logger) async throws {
        try await db.query(
            """
            UPDATE documents SET body = \(record.body), doc = \(jsonb(record.body))::jsonb, owner = \(record.owner)
            WHERE app_id = \(record.appId) AND "database" = \(record.database) AND collection = \(record.collection) AND id = \(record.id)
            """, logger: logger)
    }
}
