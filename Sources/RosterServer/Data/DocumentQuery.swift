import RosterWire

/// A MongoDB-style filter: every field condition must hold. A condition is equality (on a field
/// or a dotted path; an array field matches when it holds the value), or operators: `$eq`,
/// `$ne`, `$in`, `$nin`, `$exists`, `$gt`, `$gte`, `$lt`, `$lte`; `$and` joins filters.
/// Anything else is refused by name.
struct DocumentQuery: Sendable {
    enum Condition: Sendable, Equatable {
        case equals(JSONValue)
        case notEquals(JSONValue)
        case among([JSONValue])
        case notAmong([JSONValue])
        case exists(Bool)
        case compare(Comparison, JSONValue)
    }

    enum Comparison: String, Sendable, Equatable {
        case gt = "$gt", gte = "$gte", lt = "$lt", lte = "$lte"
    }

    var conditions: [(path: DocumentPath, condition: Condition)]
    var all: [DocumentQuery]

    /// Matches every document.
    static let everything = DocumentQuery(conditions: [], all: [])

    /// Reads a filter; a missing or null one matches everything.
    static func parse(_ value: JSONValue?) throws(ErrorResponse) -> DocumentQuery {
        guard let value, !value.isNull else { return .everything }
        guard case .object(let fields) = ExtendedJSON.plain(value) else { throw .invalidParameter("a query must be a JSON object") }
        var query = DocumentQuery.everything
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            if key == "$and" {
                guard let parts = value.arrayValue, !parts.isEmpty else { throw .invalidParameter("$and takes a non-empty array of queries") }
                for part in parts { query.all.append(try parse(part)) }
                continue
            }
            guard !key.hasPrefix("$") else { throw .invalidParameter("unknown query operator '\(key.prefix(32))'") }
            let path = try DocumentPath(key)
            for condition in try conditions(value) { query.conditions.append((path, condition)) }
        }
        return query
    }

    private static func conditions(_ value: JSONValue) throws(ErrorResponse) -> [Condition] {
        guard case .object(let operators) = value, let first = operators.keys.first, first.hasPrefix("$") else {
            return [.equals(value)]
        }
        var conditions: [Condition] = []
        for (name, operand) in operators.sorted(by: { $0.key < $1.key }) {
            switch name {
            case "$eq": conditions.append(.equals(operand))
            case "$ne": conditions.append(.notEquals(operand))
            case "$in", "$nin":
                guard let list = operand.arrayValue else { throw .invalidParameter("\(name) takes an array") }
                conditions.append(name == "$in" ? .among(list) : .notAmong(list))
            case "$exists":
                guard let flag = operand.boolValue else { throw .invalidParameter("$exists takes true or false") }
                conditions.append(.exists(flag))
            case "$gt", "$gte", "$lt", "$lte":
                conditions.append(.compare(Comparison(rawValue: name)!, operand))
            default:
                throw .invalidParameter("unknown query operator '\(name.prefix(32))'")
            }
        }
        return conditions
    }

    func matches(_ document: JSONValue) -> Bool {
        all.allSatisfy { $0.matches(document) } && conditions.allSatisfy { Self.holds($0.condition, $0.path.value(in: document)) }
    }

    /// The value the query asks for at a top-level field by plain equality, if it does.
    func equality(at field: String) -> JSONValue? {
        for (path, condition) in conditions where path.parts == [field] {
            if case .equals(let value) = condition { return value }
        }
        for part in all { if let value = part.equality(at: field) { return value } }
        return nil
    }

    /// Whether any condition names this top-level field.
    func mentions(_ field: String) -> Bool {
        conditions.contains { $0.path.topLevel == field } || all.contains { $0.mentions(field) }
    }

    /// The query with one more equality.
    func and(_ field: DocumentPath, equals value: JSONValue) -> DocumentQuery {
        var query = self
        query.conditions.append((field, .equals(value)))
        return query
    }

    /// The plain equalities on top-level fields: what an upsert starts its document from.
    var equalities: [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        for (path, condition) in conditions where path.parts.count == 1 {
            if case .equals(let value) = condition { fields[path.topLevel] = value }
        }
        for part in all { fields.merge(part.equalities) { first, _ in first } }
        return fields
    }

    private static func holds(_ condition: Condition, _ value: JSONValue?) -> Bool {
        switch condition {
        case .equals(let target): return value.map { matchesEquality($0, target) } ?? target.isNull
        case .notEquals(let target): return !(value.map { matchesEquality($0, target) } ?? target.isNull)
        case .among(let targets): return targets.contains { holds(.equals($0), value) }
        case .notAmong(let targets): return !targets.contains { holds(.equals($0), value) }
        case .exists(let wanted): return (value != nil) == wanted
        case .compare(let comparison, let target):
            guard let value else { return false }
            if case .array(let items) = value { return items.contains { compare($0, comparison, target) } }
            return compare(value, comparison, target)
        }
    }

    /// Equal values, numbers by value (1 equals 1.0), or an array holding the value.
    private static func matchesEquality(_ value: JSONValue, _ target: JSONValue) -> Bool {
        if value.sameValue(as: target) { return true }
        if case .array(let items) = value { return items.contains { $0.sameValue(as: target) } }
        return false
    }

    /// Numbers with numbers and strings with strings; values of different kinds never compare.
    private static func compare(_ value: JSONValue, _ comparison: Comparison, _ target: JSONValue) -> Bool {
        let order: Int
        if let left = value.numberValue, let right = target.numberValue {
            order = left < right ? -1 : (left > right ? 1 : 0)
        } else if let left = value.stringValue, let right = target.stringValue {
            order = left < right ? -1 : (left > right ? 1 : 0)
        } else {
            return false
        }
        switch comparison {
        case .gt: return order > 0
        case .gte: return order >= 0
        case .lt: return order < 0
        case .lte: return order <= 0
        }
    }
}

extension JSONValue {
    /// Equal, with numbers compared by value and objects and arrays element by element.
    func sameValue(as other: JSONValue) -> Bool {
        switch (self, other) {
        case (.int, .double), (.double, .int): return numberValue == other.numberValue
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.sameValue(as: $1) }
        case (.object(let left), .object(let right)):
            return left.count == right.count && left.allSatisfy { key, value in right[key].map(value.sameValue) ?? false }
        default: return self == other
        }
    }
}
