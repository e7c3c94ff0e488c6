import GRDB

/// `StoreStatement`s as SQLite runs them: `?` in each value's place, the values bound in order.
extension Database {
    /// The first column of each row the statement returns, as text.
    package func strings(_ statement: StoreStatement) throws -> [String] {
        try String.fetchAll(self, sql: statement.text { _ in "?" }, arguments: Self.arguments(statement))
    }

    /// How many rows the statement returns (a `DELETE … RETURNING`: how many it deleted). On
    /// GRDB's cached statement, parsed once a connection: the rules' statements are of a fixed
    /// number (their values are bound, never written into the text), and every log-in runs one
    /// (`UserAuthenticationRule`), whose parse `perf` saw in the anonymous log-in (BENCHMARKS, R8).
    package func count(_ statement: StoreStatement) throws -> Int {
        let rows = try Row.fetchCursor(cachedStatement(sql: statement.text { _ in "?" }), arguments: Self.arguments(statement))
        var count = 0
        while try rows.next() != nil { count += 1 }
        return count
    }

    static func arguments(_ statement: StoreStatement) -> StatementArguments {
        StatementArguments(
            statement.values.map { value -> any DatabaseValueConvertible in
                switch value {
                case .text(let text): text
                case .date(let date): date
                case .integer(let integer): integer
                }
            })
    }
}
