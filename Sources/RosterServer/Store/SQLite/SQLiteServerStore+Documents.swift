import Foundation
import GRDB

extension SQLiteServerStore {
    func documents(_ scope: DocumentScope) async throws -> [DocumentRecord] {
        try await pool.read { db in try Self.documents(db, scope) }
    }

    func changeDocuments<T: Sendable>(
        _ scope: DocumentScope, _ change: @escaping @Sendable ([DocumentRecord]) throws -> (DocumentWrites, T)
    ) async throws -> T {
        try await pool.write { db in
            let (writes, result) = try change(try Self.documents(db, scope))
            for record in writes.inserts {
                do {
                    try record.insert(db)
                } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                    throw DuplicateDocumentId(id: record.id)
                }
            }
            for record in writes.updates { try record.update(db) }
            for id in writes.deletes {
                try db.execute(
                    sql: #"DELETE FROM document WHERE app_id = ? AND "database" = ? AND collection = ? AND id = ?"#,
                    arguments: [scope.appId, scope.database, scope.collection, id])
            }
            return result
        }
    }

    static func documents(_ db: Database, _ scope: DocumentScope) throws -> [DocumentRecord] {
        if let field = scope.field, let value = scope.value {
            return try DocumentRecord.fetchAll(
                db,
                sql: """
                    SELECT * FROM document WHERE app_id = ? AND "database" = ? AND collection = ?
                    AND json_valid(body) AND json_extract(body, ?) = ? ORDER BY id
                    """,
                arguments: [scope.appId, scope.database, scope.collection, jsonPath(field), value])
        }
        return try DocumentRecord.fetchAll(
            db, sql: #"SELECT * FROM document WHERE app_id = ? AND "database" = ? AND collection = ? ORDER BY id"#,
            arguments: [scope.appId, scope.database, scope.collection])
    }
}
