import RosterDocuments
import RosterWire

/// A function's `can_evaluate` (App Services' "Can Evaluate"): a rule expression on the caller
/// and the request, which must hold before the function runs for a user. It reads only
/// expansions (`%%user`, `%%request`, `%%values`, `%%environment`, `%%true`, `%%false`): a
/// function has no document, so a bare field name or `%%root` is refused when the app is
/// loaded, as is anything `RuleExpression` does not serve. Absent, `{}` and `true` let every
/// caller in. Pure.
///
///     let condition: JSONValue = ["%%user.data.email": ["%in": ["ann@example.com"]]]
///     FunctionCondition.refusal(condition)  // nil: served
///     try FunctionCondition.holds(condition, in: RuleExpansions(user: ["data": ["email": "ann@example.com"]]))  // true
package enum FunctionCondition {
    /// What a condition may expand.
    private static let expansions = ["user", "request", "values", "environment", "true", "false"]

    /// Whether `condition` lets every caller in without being evaluated: absent, null, `{}` or `true`.
    package static func admitsEveryone(_ condition: JSONValue?) -> Bool {
        switch condition {
        case nil, .null?, .bool(true)?: return true
        case .object(let fields)?: return fields.isEmpty
        default: return false
        }
    }

    /// Whether `condition` holds for the caller and request `expansions` describe.
    package static func holds(_ condition: JSONValue, in expansions: RuleExpansions) throws -> Bool {
        try RuleExpression.holds(condition, in: expansions.scope())
    }

    /// App Services' words for a call the condition keeps out (FunctionExecutionError).
    package static func notMatched(_ name: String) -> String { "rule not matched for function \"\(name.prefix(64))\"" }

    /// The first fault in `condition`, its key a dotted path within it (empty at the top):
    /// past the expression budgets, a document field or expansion, or what rules do not serve.
    package static func refusal(_ condition: JSONValue) -> RuleExpression.Refusal? {
        if case .null = condition { return nil }
        // The budgets first: the walk below recurses only as deep as they allow.
        guard condition.depth <= RuleExpression.maximumDepth else {
            return .init(key: "", reason: "is nested deeper than \(RuleExpression.maximumDepth) levels")
        }
        do {
            if case .object(let fields) = condition { try callerOnly(fields, at: "") }
            try RuleExpression.check(condition)
        } catch {
            return error
        }
        return nil
    }

    /// Refuses a key naming a document field and an expansion naming a document, in the
    /// expression `fields` and in every value it compares with.
    private static func callerOnly(_ fields: JSONObject, at path: String) throws(RuleExpression.Refusal) {
        for (key, value) in fields {
            let keyPath = path.isEmpty ? key : "\(path).\(key)"
            switch key {
            case "%or", "%and":
                for (index, item) in (value.arrayValue ?? []).enumerated() {
                    if case .object(let nested) = item { try callerOnly(nested, at: "\(keyPath).\(index)") }
                }
                continue
            case _ where key.hasPrefix("%%"):
                try expansion(key, at: keyPath)
            case _ where key.hasPrefix("%") || key.hasPrefix("$"):
                break  // an operator: RuleExpression judges it
            default:
                throw .init(
                    key: keyPath,
                    reason: "names a document field, and a function's condition has no document: write an expansion (%%user, %%request, %%values, %%environment)")
            }
            try expansions(in: value, at: keyPath)
        }
    }

    private static func expansions(in value: JSONValue, at path: String) throws(RuleExpression.Refusal) {
        switch value {
        case .string(let text) where text.hasPrefix("%%"): try expansion(text, at: path)
        case .array(let items): for item in items { try expansions(in: item, at: path) }
        case .object(let fields): for (_, item) in fields { try expansions(in: item, at: path) }
        default: return
        }
    }

    private static func expansion(_ text: String, at path: String) throws(RuleExpression.Refusal) {
        let head = String(text.dropFirst(2).prefix { $0 != "." })
        guard expansions.contains(head) else {
            throw .init(
                key: path,
                reason: "the expansion '\(text.prefix(64))' is not served in a function's condition (served: \(expansions.map { "%%" + $0 }.joined(separator: ", ")))")
        }
    }
}
