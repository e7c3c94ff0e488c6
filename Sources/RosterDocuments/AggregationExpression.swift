import OrderedCollections
import RosterWire

/// An aggregation expression, what `$project`, `$addFields` and `$group` compute from a
/// document: a field path (`"$a.b"`), a variable (`"$$ROOT"`, `"$$CURRENT"`, `"$$REMOVE"`), a
/// literal, an array or object of expressions, or an operator (`{"$add": ["$a", "$b"]}`).
/// Operators not served are refused by name when the expression is read.
///
///     let total = try AggregationExpression.parse(["$add": ["$a", "$b"]])
///     try total.evaluate(["a": 1, "b": 2], PipelineBudget(limit: 1 << 20)) // .int(3)
///     try AggregationExpression.parse("$missing").evaluate([:], budget) // nil: the field is missing
indirect enum AggregationExpression: Sendable {
    case literal(JSONValue)
    /// The value at a path of the document; no parts is the document itself (`$$ROOT`).
    case path([String])
    /// `$$REMOVE`: evaluates to nothing, so a field set to it is left out.
    case remove
    /// An array whose missing elements become null.
    case array([AggregationExpression])
    /// An object, its fields in the order written; missing ones are left out.
    case object(OrderedDictionary<String, AggregationExpression>)
    case call(Operator, [AggregationExpression])

    /// Reads an expression in the canonical form. A typed value (`{"$date": …}`, `{"$oid": …}`)
    /// is a literal, never an operator.
    static func parse(_ value: JSONValue) throws(DocumentError) -> AggregationExpression {
        switch value {
        case .string(let text) where text.hasPrefix("$"):
            return try parsePath(text)
        case .array(let items):
            var expressions: [AggregationExpression] = []
            for item in items { expressions.append(try parse(item)) }
            return .array(expressions)
        case .object(let fields):
            if fields.isEmpty || value.isTypedValue { return .literal(value) }
            if fields.keys.contains(where: { $0.hasPrefix("$") }) {
                guard fields.count == 1, let (name, operand) = fields.first else {
                    let names = fields.keys.sorted().joined(separator: ", ")
                    throw .invalid("an expression object holds exactly one operator, not several fields (\(names.prefix(64)))")
                }
                return try parseOperator(name, operand)
            }
            var expressions: OrderedDictionary<String, AggregationExpression> = [:]
            for (key, item) in fields {
                guard !key.contains(".") else {
                    throw .invalid("field names in an expression object may not contain '.' ('\(key.prefix(64))')")
                }
                expressions[key] = try parse(item)
            }
            return .object(expressions)
        default:
            return .literal(value)
        }
    }

    /// `"$a.b"`, or a variable: `"$$ROOT"` and `"$$CURRENT"` (the same document here, as there
    /// is no `$let` or `$map` to rebind it), each with an optional path, and `"$$REMOVE"`.
    private static func parsePath(_ text: String) throws(DocumentError) -> AggregationExpression {
        if text.hasPrefix("$$") {
            let parts = text.dropFirst(2).split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            switch name {
            case "ROOT", "CURRENT":
                return .path(parts.count > 1 ? try DocumentPath(String(parts[1])).parts : [])
            case "REMOVE" where parts.count == 1:
                return .remove
            default:
                throw .invalid("unknown variable '\(text.prefix(64))'")
            }
        }
        guard text.count > 1 else { throw .invalid("'$' is not a field path") }
        return .path(try DocumentPath(String(text.dropFirst())).parts)
    }

    /// The value for one document; nil when it is missing (a missing field, `$$REMOVE`).
    func evaluate(_ root: JSONValue, _ budget: PipelineBudget) throws(DocumentError) -> JSONValue? {
        switch self {
        case .literal(let value):
            return value
        case .path(let parts):
            return Self.value(at: parts[...], in: root)
        case .remove:
            return nil
        case .array(let items):
            var values: [JSONValue] = []
            for item in items { values.append(try item.evaluate(root, budget) ?? .null) }
            try budget.charge(.array(values), madeBy: "an array")
            return .array(values)
        case .object(let fields):
            var values: JSONObject = [:]
            for (key, item) in fields {
                if let value = try item.evaluate(root, budget) { values[key] = value }
            }
            try budget.charge(.object(values), madeBy: "a document")
            return .object(values)
        case .call(let name, let arguments):
            let value = try name.apply(arguments, to: root, budget)
            if name.makesValues, let value { try budget.charge(value, madeBy: name.rawValue) }
            return value
        }
    }

    /// A field path as aggregation reads it: through an array it takes the path in each element
    /// that is a document (`"$items.price"` on two items is both prices); a number is a field
    /// name, never an index.
    static func value(at parts: ArraySlice<String>, in value: JSONValue) -> JSONValue? {
        guard let part = parts.first else { return value }
        switch value {
        case .object(let fields) where !value.isTypedValue:
            guard let next = fields[part] else { return nil }
            return Self.value(at: parts.dropFirst(), in: next)
        case .array(let items):
            var found: [JSONValue] = []
            for item in items {
                guard case .object = item, !item.isTypedValue, let inner = Self.value(at: parts, in: item) else { continue }
                found.append(inner)
            }
            return .array(found)
        default:
            return nil
        }
    }

    /// MongoDB's truth: false, null, missing and zero are false; everything else is true.
    static func isTrue(_ value: JSONValue?) -> Bool {
        guard let value else { return false }
        switch value {
        case .null: return false
        case .bool(let flag): return flag
        default: return Number(value).map { !$0.isZero } ?? true
        }
    }

    /// MongoDB's order, with missing before everything (so missing is not equal to null).
    static func compare(_ a: JSONValue?, _ b: JSONValue?) -> Int {
        switch (a, b) {
        case (nil, nil): 0
        case (nil, _): -1
        case (_, nil): 1
        case (let a?, let b?): DocumentOrder.compare(a, b)
        }
    }

    /// The BSON type name for messages (`missing` when there is no value).
    static func typeName(_ value: JSONValue?) -> String {
        value?.bsonType.name ?? "missing"
    }
}
