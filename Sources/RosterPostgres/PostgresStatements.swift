import Logging
import PostgresNIO
import RosterServerCore

/// `StoreStatement`s as PostgreSQL runs them: `$1`, `$2`, … in the values' places, bound in order.
extension PostgresConnection {
    /// The first column of each row the statement returns, as text.
    func strings(_ statement: StoreStatement, logger: Logger) async throws -> [String] {
        try await query(Self.query(statement), logger: logger).collect().map { try $0.decode(String.self) }
    }

    /// How many rows the statement returns (a `DELETE … RETURNING`: how many it deleted).
    func count(_ statement: StoreStatement, logger: Logger) async throws -> Int {
        try await query(Self.query(statement), logger: logger).collect().count
    }

    static func query(_ statement: StoreStatement) -> PostgresQuery {
        var bindings = PostgresBindings(capacity: statement.values.count)
        for value in statement.values {
            switch value {
            case .text(let text): bindings.append(text)
            case .date(let date): bindings.append(date)
            case .integer(let integer): bindings.append(integer)
            }
        }
        return PostgresQuery(unsafeSQL: statement.text { "$\($0 + 1)" }, binds: bindings)
    }
}
