import Foundation
import Logging
import PostgresNIO
import RosterServerCore

/// The apps' function runs over PostgreSQL (`FunctionRunStore`), by `FunctionRunRule`'s
/// statements, shared by every instance over the database.
extension PostgresServerStore {
    package func appendFunctionRuns(_ runs: [FunctionRunRecord]) async throws {
        guard !runs.isEmpty else { return }
        let logger = logger
        try await write { db in
            for run in runs {
                try await db.query(
                    """
                    INSERT INTO function_runs (id, app_id, type, function_name, trigger_name, user_id, request_id, remote_address,
                    started_at, completed_at, logs, error, error_code, function_id, request_url, request_method, status)
                    VALUES (\(run.id), \(run.appId), \(run.type), \(run.functionName), \(run.triggerName), \(run.userId), \(run.requestId),
                    \(run.remoteAddress), \(run.startedAt), \(run.completedAt), \(FunctionRunRule.encode(run.logs)), \(run.error),
                    \(run.errorCode), \(run.functionId), \(run.requestURL), \(run.requestMethod), \(run.status))
                    """, logger: logger)
            }
        }
    }

    package func functionRuns(appId: String, _ query: FunctionRunQuery) async throws -> [FunctionRunRecord] {
        try await rows(PostgresConnection.query(FunctionRunRule.select(appId: appId, query))).map { row in
            let (
                id, type, functionName, triggerName, userId, requestId, remoteAddress, startedAt, completedAt, logs, error, errorCode,
                functionId, requestURL, requestMethod, status
            ) = try row.decode(
                (String, String, String, String?, String?, String?, String?, Date, Date, String, String?, String?, String?, String?, String?, Int?)
                    .self)
            return FunctionRunRecord(
                id: id, appId: appId, type: type, functionName: functionName, functionId: functionId, triggerName: triggerName,
                userId: userId, requestId: requestId, remoteAddress: remoteAddress, requestURL: requestURL, requestMethod: requestMethod,
                status: status, startedAt: startedAt, completedAt: completedAt, logs: FunctionRunRule.decode(logs), error: error,
                errorCode: errorCode)
        }
    }

    @discardableResult
    package func pruneFunctionRuns(appId: String, before: Date, keep: Int, limit: Int) async throws -> Int {
        let logger = logger
        return try await write { db in
            try await db.count(FunctionRunRule.pruneOld(appId: appId, before: before, limit: limit), logger: logger)
                + db.count(FunctionRunRule.pruneBeyond(appId: appId, keep: keep, limit: limit), logger: logger)
        }
    }
}
