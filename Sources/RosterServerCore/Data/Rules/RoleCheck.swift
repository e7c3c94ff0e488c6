import RosterAppModel
import RosterWire

/// Checks roles before they are served, so that a rule Roster cannot evaluate is refused at
/// start rather than at a user's request: every expression and document filter within the
/// budgets and using only what `RuleExpression` serves, and each field permission
/// `{read, write, fields, additional_fields}`. Pure.
///
///     if let refusal = RoleCheck.refusal(rule.roles) { print("roles.\(refusal.key): \(refusal.reason)") }
package enum RoleCheck {
    /// The first fault in `roles`, its key a dotted path from the list (`0.apply_when.%%user.x`).
    package static func refusal(_ roles: [AppRole]) -> RuleExpression.Refusal? {
        for (index, role) in roles.enumerated() {
            do {
                try check(role, at: "\(index)")
            } catch {
                return error
            }
        }
        return nil
    }

    private static func check(_ role: AppRole, at path: String) throws(RuleExpression.Refusal) {
        try expression(role.applyWhen, at: "\(path).apply_when")
        if let filter = role.readFilter { try expression(filter, filter: true, at: "\(path).document_filters.read") }
        if let filter = role.writeFilter { try expression(filter, filter: true, at: "\(path).document_filters.write") }
        for (key, value) in [("read", role.read), ("write", role.write), ("insert", role.insert), ("delete", role.delete), ("search", role.search)] {
            if let value { try expression(value, at: "\(path).\(key)") }
        }
        if let fields = role.fields { try fieldPermissions(fields, at: "\(path).fields") }
        if let additional = role.additionalFields { try permission(additional, nested: false, at: "\(path).additional_fields") }
    }

    private static func fieldPermissions(_ fields: JSONValue, at path: String) throws(RuleExpression.Refusal) {
        guard case .object(let specs) = fields else { throw .init(key: path, reason: "must be an object of field names") }
        guard specs.count <= RuleExpression.maximumValues else { throw .init(key: path, reason: "names more than \(RuleExpression.maximumValues) fields") }
        for (name, spec) in specs { try permission(spec, nested: true, at: "\(path).\(name)") }
    }

    private static func permission(_ spec: JSONValue, nested: Bool, at path: String) throws(RuleExpression.Refusal) {
        guard case .object(let keys) = spec else { throw .init(key: path, reason: "must be an object with read and write") }
        let known = nested ? ["read", "write", "fields", "additional_fields"] : ["read", "write"]
        if let unknown = keys.keys.sorted().first(where: { !known.contains($0) }) {
            throw .init(key: "\(path).\(unknown)", reason: "unknown key (known here: \(known.sorted().joined(separator: ", ")))")
        }
        if let read = keys["read"] { try expression(read, at: "\(path).read") }
        if let write = keys["write"] { try expression(write, at: "\(path).write") }
        if let fields = keys["fields"] {
            guard path.split(separator: ".").count < RuleExpression.maximumDepth else {
                throw .init(key: path, reason: "field permissions nest deeper than \(RuleExpression.maximumDepth) levels")
            }
            try fieldPermissions(fields, at: "\(path).fields")
        }
        if let additional = keys["additional_fields"] { try permission(additional, nested: false, at: "\(path).additional_fields") }
    }

    private static func expression(_ value: JSONValue, filter: Bool = false, at path: String) throws(RuleExpression.Refusal) {
        do {
            try RuleExpression.check(value, filter: filter)
        } catch {
            throw .init(key: error.key.isEmpty ? path : "\(path).\(error.key)", reason: error.reason)
        }
    }
}
