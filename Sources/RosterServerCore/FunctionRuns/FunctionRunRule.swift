import Foundation

/// The statements both store drivers run for an app's function runs (`FunctionRunStore`): which
/// runs a query reads, and which a prune removes. The drivers keep only their row reading.
///
///     let select = FunctionRunRule.select(appId: "kiosk-abcde", FunctionRunQuery(limit: 10))
///     try db.rows(select)   // newest first
package enum FunctionRunRule {
    /// The columns `select` reads, in order.
    package static let columns = [
        "id", "type", "function_name", "trigger_name", "user_id", "request_id", "remote_address", "started_at", "completed_at",
        "logs", "error", "error_code", "function_id", "request_url", "request_method", "status",
    ]

    package static func select(appId: String, _ query: FunctionRunQuery) -> StoreStatement {
        let logs: StoreStatement = query.withLogs ? "logs" : "'[]'"
        var statement: StoreStatement = """
            SELECT id, type, function_name, trigger_name, user_id, request_id, remote_address, started_at, completed_at, \(logs), \
            error, error_code, function_id, request_url, request_method, status FROM function_runs WHERE app_id = \(appId)
            """
        if let userId = query.userId { statement = "\(statement) AND user_id = \(userId)" }
        if let requestId = query.requestId { statement = "\(statement) AND request_id = \(requestId)" }
        if let after = query.after { statement = "\(statement) AND started_at > \(after)" }
        if let until = query.until { statement = "\(statement) AND started_at <= \(until)" }
        if let types = query.types {
            guard !types.isEmpty else { return "\(statement) AND 1 = 0" }
            var list: StoreStatement = "\(types[0])"
            for type in types.dropFirst() { list = "\(list), \(type)" }
            statement = "\(statement) AND type IN (\(list))"
        }
        if query.errorsOnly { statement = "\(statement) AND error IS NOT NULL" }
        return "\(statement) ORDER BY started_at DESC, seq DESC LIMIT \(max(0, query.limit)) OFFSET \(max(0, query.skip))"
    }

    /// Removes at most `limit` of the app's runs started before `before`, oldest first.
    package static func pruneOld(appId: String, before: Date, limit: Int) -> StoreStatement {
        """
        DELETE FROM function_runs WHERE seq IN (SELECT seq FROM function_runs WHERE app_id = \(appId) AND started_at < \(before) \
        ORDER BY started_at, seq LIMIT \(max(0, limit))) RETURNING seq
        """
    }

    /// Removes at most `limit` of the app's runs past its newest `keep`.
    package static func pruneBeyond(appId: String, keep: Int, limit: Int) -> StoreStatement {
        """
        DELETE FROM function_runs WHERE seq IN (SELECT seq FROM function_runs WHERE app_id = \(appId) \
        ORDER BY started_at DESC, seq DESC LIMIT \(max(0, limit)) OFFSET \(max(0, keep))) RETURNING seq
        """
    }

    /// A run's console lines as the stores keep them: a JSON array of strings.
    package static func encode(_ logs: [String]) -> String {
        (try? String(decoding: JSONEncoder().encode(logs), as: UTF8.self)) ?? "[]"
    }

    package static func decode(_ text: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }
}
