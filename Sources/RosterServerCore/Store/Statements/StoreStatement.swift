import Foundation

/// One SQL statement written once for every store driver: the text both SQLite and PostgreSQL
/// read alike, its values kept apart from it and bound by each driver in its own way (`?` for
/// SQLite, `$1`, `$2`, … for PostgreSQL). A rule that both drivers share states its statements
/// so (`UserDeletionRule`, `PurgeRule`) and each driver only runs them.
///
///     let statement: StoreStatement = "DELETE FROM users WHERE app_id = \(appId) AND id = \(userId) RETURNING id"
///     statement.text { _ in "?" }           // DELETE FROM users WHERE app_id = ? AND id = ? RETURNING id
///     statement.text { "$\($0 + 1)" }       // DELETE FROM users WHERE app_id = $1 AND id = $2 RETURNING id
package struct StoreStatement: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// A value bound to a statement.
    package enum Value: Sendable, Equatable {
        case text(String)
        case date(Date)
        case integer(Int)
    }

    package enum Part: Sendable, Equatable {
        case sql(String)
        case value(Value)
    }

    package var parts: [Part]

    /// The values in the order their places appear in the text.
    package var values: [Value] {
        parts.compactMap { if case .value(let value) = $0 { value } else { nil } }
    }

    /// The text, with `placeholder(n)` in the place of the nth value (from 0).
    package func text(placeholder: (Int) -> String) -> String {
        var index = 0
        var text = ""
        for part in parts {
            switch part {
            case .sql(let sql): text += sql
            case .value:
                text += placeholder(index)
                index += 1
            }
        }
        return text
    }

    package init(stringLiteral value: String) { parts = [.sql(value)] }

    package init(stringInterpolation: Interpolation) { parts = stringInterpolation.parts }

    package struct Interpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        package init(literalCapacity: Int, interpolationCount: Int) { parts.reserveCapacity(interpolationCount * 2 + 1) }

        package mutating func appendLiteral(_ literal: String) { parts.append(.sql(literal)) }
        package mutating func appendInterpolation(_ value: String) { parts.append(.value(.text(value))) }
        package mutating func appendInterpolation(_ value: Date) { parts.append(.value(.date(value))) }
        package mutating func appendInterpolation(_ value: Int) { parts.append(.value(.integer(value))) }
        /// Another statement's text and values in place: a subquery written once.
        package mutating func appendInterpolation(_ statement: StoreStatement) { parts += statement.parts }
    }
}
