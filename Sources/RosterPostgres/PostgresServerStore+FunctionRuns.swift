import Foundation
import Logging
import PostgresNIO
import RosterServerCore

/// The apps' function runs over PostgreSQL (`FunctionRunStore`), by `FunctionRunRule`'s
/// statements, shared by every instance over the database.
extension PostgresServerStore {
    /// A batch in as few round trips as can be: one `INSERT` of many rows (at most
    /// `rowsPerInsert`, which keeps its binds far below PostgreSQL's 65,535), where a round trip
    /// a run made a stopping server's flush of a long queue outlast its grace on a loaded machine.
    package func appendFunctionRuns(_ runs: [FunctionRunRecord]) async throws {
        guard !runs.isEmpty else { return }
        let logger = logger
        try await write { db in
            var start = runs.startIndex
            while start < runs.endIndex {
                let end = min(start + Self.rowsPerInsert, runs.endIndex)
                try await db.query(Self.insert(runs[start..<end]), logger: logger)
                start = end
            }
        }
    }

    static let rowsPerInsert = 500

    /// One `INSERT` of `runs`, each row's values bound.
    static func insert(_ runs: ArraySlice<FunctionRunRecord>) -> PostgresQuery {
        var query = PostgresQuery.StringInterpolation(literalCapacity: 256 + runs.count * 80, interpolationCount: runs.count * 17)
        query.appendLiteral(
            """
            INSERT INTO function_runs (id, app_id, type, function_name, trigger_name, user_id, request_id, remote_address,
            started_at, completed_at, logs, error, error_code, function_id, request_url, request_method, status) VALUES
            """)
        for (index, run) in runs.enumerated() {
            query.appendLiteral(index == 0 ? " (" : ", (")
            query.appendInterpolation(run.id)
            for text in [run.appId, run.type, run.functionName] {
                query.appendLiteral(", ")
                query.appendInterpolation(text)
            }
            for text in [run.triggerName, run.userId, run.requestId, run.remoteAddress] {
                query.appendLiteral(", ")
                query.appendInterpolation(text)
            }
            for date in [run.startedAt, run.completedAt] {
                query.appendLiteral(", ")
                query.appendInterpolation(date)
            }
            query.appendLiteral(", ")
            query.appendInterpolation(FunctionRunRule.encode(run.logs))
            for text in [run.error, run.errorCode, run.functionId, run.requestURL, run.requestMethod] {
                query.appendLiteral(", ")
                query.appendInterpolation(text)
            }
            query.appendLiteral(", ")
            query.appendInterpolation(run.status)
            query.appendLiteral(")")
        }
        return PostgresQuery(stringInterpolation: query)
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
