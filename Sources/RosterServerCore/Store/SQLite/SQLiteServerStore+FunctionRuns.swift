import Foundation
import GRDB

/// The apps' function runs over SQLite (`FunctionRunStore`), by `FunctionRunRule`'s statements.
extension SQLiteServerStore {
    package func appendFunctionRuns(_ runs: [FunctionRunRecord]) async throws {
        guard !runs.isEmpty else { return }
        try await pool.write { db in
            // One statement for the batch, parsed once a connection.
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO function_runs (id, app_id, type, function_name, trigger_name, user_id, request_id, remote_address,
                    started_at, completed_at, logs, error, error_code, function_id, request_url, request_method, status)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            for run in runs {
                try insert.execute(
                    arguments: [
                        run.id, run.appId, run.type, run.functionName, run.triggerName, run.userId, run.requestId, run.remoteAddress,
                        run.startedAt, run.completedAt, FunctionRunRule.encode(run.logs), run.error, run.errorCode, run.functionId,
                        run.requestURL, run.requestMethod, run.status,
                    ])
            }
        }
    }

    package func functionRuns(appId: String, _ query: FunctionRunQuery) async throws -> [FunctionRunRecord] {
        let statement = FunctionRunRule.select(appId: appId, query)
        return try await pool.read { db in
            try Row.fetchAll(db, sql: statement.text { _ in "?" }, arguments: Database.arguments(statement)).map { row in
                FunctionRunRecord(
                    id: row[0], appId: appId, type: row[1], functionName: row[2], functionId: row[12], triggerName: row[3], userId: row[4],
                    requestId: row[5], remoteAddress: row[6], requestURL: row[13], requestMethod: row[14], status: row[15], startedAt: row[7],
                    completedAt: row[8], logs: FunctionRunRule.decode(row[9]), error: row[10], errorCode: row[11])
            }
        }
    }

    @discardableResult
    package func pruneFunctionRuns(appId: String, before: Date, keep: Int, limit: Int) async throws -> Int {
        try await pool.write { db in
            try db.count(FunctionRunRule.pruneOld(appId: appId, before: before, limit: limit))
                + db.count(FunctionRunRule.pruneBeyond(appId: appId, keep: keep, limit: limit))
        }
    }
}
