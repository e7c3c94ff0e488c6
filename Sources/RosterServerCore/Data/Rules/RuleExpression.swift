import RosterDocuments
import RosterWire

/// App Services' rule expressions (`apply_when`, `read`, `write`, `insert`, `delete`, field
/// permissions) and document filters, evaluated as MongoDB queries over a scope document
/// (`RuleExpansions.scope`): a key is an expansion (`%%user.id`, `%%root.owner`, `%%true`, …),
/// `%or`/`%and`, or a field of the document (`{"owner": "%%user.id"}` is `%%root.owner`); a
/// value is a literal, an expansion, or operators (`$in`, `$nin`, `$exists`, `$eq`, `$ne`, `$gt`,
/// `$gte`, `$lt`, `$lte`, each also written with `%`: `%in`, `%exists`). An expansion with no value (no custom data, a
/// missing field) matches nothing; one naming a list matches any of it. Pure.
///
///     let scope = RuleExpansions(user: ["id": "u1"]).scope(root: ["owner": "u1"])
///     try RuleExpression.holds(["owner": "%%user.id"], in: scope)  // true
package enum RuleExpression {
    /// How deeply one expression may nest (objects and arrays): 16.
    package static let maximumDepth = 16
    /// How many values (objects, arrays, scalars) one expression may hold: 1024.
    package static let maximumValues = 1024

    /// Where in an expression it is refused (a dotted key path, empty at the top) and why.
    package struct Refusal: Error, Equatable, CustomStringConvertible {
        package let key: String
        package let reason: String
        package var description: String { key.isEmpty ? reason : "'\(key)': \(reason)" }
    }

    /// Operators an expression's value may use, as the query matcher names them.
    /// Each is also written with `%` (`%in`, `%exists`), as App Services takes it.
    private static let operators: [String: String] = [
        "$in": "$in", "$nin": "$nin", "$exists": "$exists", "$eq": "$eq", "$ne": "$ne", "$gt": "$gt", "$gte": "$gte", "$lt": "$lt",
        "$lte": "$lte", "%in": "$in", "%nin": "$nin", "%exists": "$exists", "%eq": "$eq", "%ne": "$ne", "%gt": "$gt", "%gte": "$gte",
        "%lt": "$lt", "%lte": "$lte",
    ]
    private static let expansions = ["root", "prevRoot", "this", "prev", "user", "values", "environment", "request", "true", "false"]
    /// Matches nothing.
    private static let nothing: JSONValue = ["$in": []]

    /// Whether a permission holds: absent is no, `true`/`false` say so, an expression is evaluated.
    package static func permits(_ permission: JSONValue?, in scope: JSONObject) throws -> Bool {
        guard let permission else { return false }
        return try holds(permission, in: scope)
    }

    /// Whether `expression` (`true`, `false` or an expression object) holds in `scope`.
    package static func holds(_ expression: JSONValue, in scope: JSONObject) throws -> Bool {
        switch expression {
        case .bool(let value): return value
        case .object(let fields): return try DocumentQuery.parse(try condition(fields, in: scope, filter: false)).matches(.object(scope))
        default: throw Refusal(key: "", reason: "must be true, false or an expression object")
        }
    }

    /// Whether a document filter (`true`, `false` or a MongoDB query on the document, whose
    /// values may be expansions) matches `scope`'s `%%root`. Absent matches every document.
    package static func matches(filter: JSONValue?, in scope: JSONObject) throws -> Bool {
        switch filter {
        case nil: return true
        case .bool(let value)?: return value
        case .object(let fields)?: return try DocumentQuery.parse(try condition(fields, in: scope, filter: true)).matches(.object(scope))
        default: throw Refusal(key: "", reason: "must be true, false or a query")
        }
    }

    /// Refuses, before anything is served, an expression Roster cannot evaluate or one past the
    /// budgets: an unknown expansion or operator (`%function`, `%stringToOid`), too deep, too large.
    package static func check(_ expression: JSONValue, filter: Bool = false) throws(Refusal) {
        guard expression.depth <= maximumDepth else { throw Refusal(key: "", reason: "is nested deeper than \(maximumDepth) levels") }
        var count = 0
        guard countValues(expression, &count) else { throw Refusal(key: "", reason: "holds more than \(maximumValues) values") }
        switch expression {
        case .bool: return
        case .object(let fields):
            let scope = RuleExpansions(user: [:]).scope(root: [:], prevRoot: [:], this: .null, prev: .null)
            do {
                _ = try DocumentQuery.parse(try condition(fields, in: scope, filter: filter, checking: true))
            } catch let refusal as Refusal {
                throw refusal
            } catch {
                throw Refusal(key: "", reason: "\(error)")
            }
        default: throw Refusal(key: "", reason: filter ? "must be true, false or a query" : "must be true, false or an expression object")
        }
    }

    private static func countValues(_ value: JSONValue, _ count: inout Int) -> Bool {
        count += 1
        guard count <= maximumValues else { return false }
        switch value {
        case .array(let items): return items.allSatisfy { countValues($0, &count) }
        case .object(let fields): return fields.allSatisfy { countValues($0.value, &count) }
        default: return true
        }
    }

    // MARK: Translation into a query over the scope

    /// The query over the scope that `fields` says. `checking`: every expansion resolves
    /// (to null), so that only the shape is judged.
    private static func condition(_ fields: JSONObject, in scope: JSONObject, filter: Bool, checking: Bool = false, at path: String = "")
        throws -> JSONValue
    {
        var query = JSONObject()
        for (key, value) in fields {
            let keyPath = path.isEmpty ? key : "\(path).\(key)"
            switch key {
            case "%or", "%and", "$or", "$and", "$nor":
                if key.hasPrefix("$"), !filter { throw Refusal(key: keyPath, reason: "an expression says \(key == "$or" ? "%or" : "%and"), not \(key)") }
                guard let items = value.arrayValue, !items.isEmpty else { throw Refusal(key: keyPath, reason: "takes a non-empty list of expressions") }
                query["$" + key.dropFirst()] = .array(
                    try items.enumerated().map { index, item in
                        guard let object = item.objectValue else { throw Refusal(key: "\(keyPath).\(index)", reason: "must be an expression object") }
                        return try condition(object, in: scope, filter: filter, checking: checking, at: "\(keyPath).\(index)")
                    })
            case _ where key.hasPrefix("%%"):
                query[try scopePath(key, at: keyPath)] = try operand(value, in: scope, filter: filter, checking: checking, at: keyPath)
            case _ where key.hasPrefix("%") || key.hasPrefix("$"):
                throw Refusal(key: keyPath, reason: "'\(key)' is not served in rule expressions (served: %or, %and, and expansions as keys)")
            default:
                query["root." + key] = try operand(value, in: scope, filter: filter, checking: checking, at: keyPath)
            }
        }
        return .object(query)
    }

    /// The condition on one key's value: operators, or equality with the value expanded.
    private static func operand(_ value: JSONValue, in scope: JSONObject, filter: Bool, checking: Bool, at keyPath: String) throws -> JSONValue {
        if case .object(let fields) = value, let first = fields.keys.first, first.hasPrefix("$") || first.hasPrefix("%"),
            !first.hasPrefix("%%")
        {
            var operators = JSONObject()
            for (name, operand) in fields {
                guard let mapped = Self.operators[name] else {
                    if filter, name.hasPrefix("$") {
                        // A document filter is a MongoDB query: its other operators are the matcher's.
                        operators[name] = try expanded(operand, in: scope, checking: checking, at: keyPath) ?? .null
                        continue
                    }
                    throw Refusal(
                        key: "\(keyPath).\(name)",
                        reason: "'\(name)' is not served in rule expressions (served: \(Self.operators.keys.filter { $0.hasPrefix("$") }.sorted().joined(separator: ", ")), each also written with %)")
                }
                switch mapped {
                case "$in", "$nin":
                    let list: [JSONValue]
                    if let items = operand.arrayValue {
                        list = try items.compactMap { try expanded($0, in: scope, checking: checking, at: keyPath) }
                    } else if let text = operand.stringValue, text.hasPrefix("%%") {
                        let resolved = try expanded(operand, in: scope, checking: checking, at: keyPath)
                        list = resolved?.arrayValue ?? resolved.map { [$0] } ?? []
                    } else {
                        throw Refusal(key: "\(keyPath).\(name)", reason: "takes a list or an expansion")
                    }
                    operators[mapped] = .array(list)
                case "$exists":
                    guard let flag = try expanded(operand, in: scope, checking: checking, at: keyPath).flatMap({ $0.boolValue ?? (checking ? true : nil) })
                    else { throw Refusal(key: "\(keyPath).\(name)", reason: "takes true or false") }
                    operators[mapped] = .bool(flag)
                default:
                    guard let resolved = try expanded(operand, in: scope, checking: checking, at: keyPath) else {
                        if mapped == "$ne" { continue }
                        return nothing
                    }
                    operators[mapped] = resolved
                }
            }
            return .object(operators)
        }
        guard let resolved = try expanded(value, in: scope, checking: checking, at: keyPath) else { return nothing }
        // An expansion naming a list matches a field holding any of it, as App Services
        // compares `{"email": "%%user.custom_data.manages"}`.
        if case .string(let text) = value, text.hasPrefix("%%"), case .array(let items) = resolved { return ["$in": .array(items)] }
        return ["$eq": resolved]
    }

    /// `value` with every expansion in it replaced by what it names; nil when one names nothing.
    private static func expanded(_ value: JSONValue, in scope: JSONObject, checking: Bool, at keyPath: String = "") throws -> JSONValue? {
        switch value {
        case .string(let text) where text.hasPrefix("%%"):
            let path = try scopePath(text, at: keyPath)
            if checking { return .null }
            return try DocumentPath(path).value(in: .object(scope))
        case .array(let items):
            var out: [JSONValue] = []
            for item in items {
                guard let resolved = try expanded(item, in: scope, checking: checking, at: keyPath) else { return nil }
                out.append(resolved)
            }
            return .array(out)
        case .object(let fields):
            if let key = fields.keys.first(where: { $0.hasPrefix("%") && !$0.hasPrefix("%%") }) {
                throw Refusal(key: key, reason: "'\(key)' is not served in rule expressions")
            }
            var out = JSONObject()
            for (key, item) in fields {
                guard let resolved = try expanded(item, in: scope, checking: checking, at: keyPath) else { return nil }
                out[key] = resolved
            }
            return .object(out)
        default:
            return value
        }
    }

    /// Where an expansion's value is in the scope: `%%user.data.email` is `user.data.email`.
    private static func scopePath(_ expansion: String, at keyPath: String) throws(Refusal) -> String {
        let name = expansion.dropFirst(2)
        let head = name.prefix { $0 != "." }
        guard expansions.contains(String(head)) else {
            throw Refusal(
                key: keyPath.isEmpty ? expansion : keyPath,
                reason: "the expansion '\(expansion.prefix(64))' is not served (served: \(expansions.map { "%%" + $0 }.joined(separator: ", ")))")
        }
        if head == "true" || head == "false", head.count != name.count {
            throw Refusal(key: keyPath.isEmpty ? expansion : keyPath, reason: "'%%\(head)' has no fields")
        }
        return String(name)
    }
}
