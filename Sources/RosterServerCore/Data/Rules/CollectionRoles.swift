import RosterAppModel
import RosterDocuments
import RosterWire

/// One collection's roles as App Services evaluates them for one request, document by
/// document: the first role whose `apply_when` holds is the document's role; its
/// `document_filters` say which documents it reads and writes (as if ANDed into every query);
/// document-level `read`/`write` reach every field, else `fields` and `additional_fields` say
/// field by field (`write` implies `read`); `insert` and `delete` say whether it may add or
/// remove a whole document. Fields a role cannot read are left out of answers; a write that
/// changes a field it cannot write is refused. Pure: both store drivers' data paths share it.
///
///     let roles = CollectionRoles(name: "shop.items", roles: rule.roles, expansions: expansions)
///     let shown = try roles.readable(document)  // nil: not for this user
package struct CollectionRoles: Sendable {
    package let name: String
    package let roles: [AppRole]
    package let expansions: RuleExpansions

    package init(name: String, roles: [AppRole], expansions: RuleExpansions) {
        self.name = name
        self.roles = roles
        self.expansions = expansions
    }

    /// The role of a document: the first whose `apply_when` holds with `%%root` the document (as
    /// it is after a write) and `%%prevRoot` as it was.
    package func role(root: JSONObject, prevRoot: JSONObject? = nil) throws -> AppRole? {
        try role(in: expansions.scope(root: root, prevRoot: prevRoot))
    }

    /// The first role whose `apply_when` holds in `scope`.
    private func role(in scope: JSONObject) throws -> AppRole? {
        try roles.first { try RuleExpression.holds($0.applyWhen, in: scope) }
    }

    /// The document as this user may read it (the fields their role reads), or nil when no role
    /// applies, the role's read filter leaves it out, or the role reads none of its fields.
    package func readable(_ document: JSONObject) throws -> JSONObject? {
        // One scope for the role and its checks: a call makes it for every document it reads.
        let scope = expansions.scope(root: document)
        guard let role = try role(in: scope) else { return nil }
        guard try RuleExpression.matches(filter: role.readFilter, in: scope) else { return nil }
        if try RuleExpression.permits(role.read, in: scope) || RuleExpression.permits(role.write, in: scope) { return document }
        var shown = JSONObject()
        if let id = document["_id"] { shown["_id"] = id }
        var granted = false
        try readableFields(
            document, fields: role.fields, additional: role.additionalFields, root: document, top: true, into: &shown, granted: &granted)
        return granted ? shown : nil
    }

    private func readableFields(
        _ object: JSONObject, fields: JSONValue?, additional: JSONValue?, root: JSONObject, top: Bool, into shown: inout JSONObject,
        granted: inout Bool
    ) throws {
        let specs = fields?.objectValue ?? [:]
        for (key, value) in object where !(top && key == "_id") {
            let scope = expansions.scope(root: root, this: value)
            if let spec = specs[key]?.objectValue {
                if try RuleExpression.permits(spec["read"], in: scope) || RuleExpression.permits(spec["write"], in: scope) {
                    shown[key] = value
                    granted = true
                } else if spec["fields"] != nil, case .object(let nested) = value {
                    var inner = JSONObject()
                    var innerGranted = false
                    try readableFields(
                        nested, fields: spec["fields"], additional: spec["additional_fields"], root: root, top: false, into: &inner,
                        granted: &innerGranted)
                    if innerGranted {
                        shown[key] = .object(inner)
                        granted = true
                    }
                }
            } else if try RuleExpression.permits(additional?["read"], in: scope) || RuleExpression.permits(additional?["write"], in: scope) {
                shown[key] = value
                granted = true
            }
        }
    }

    /// Whether an existing document is one this user's role may write: a role applies and its
    /// write filter matches. A write's query reaches only these documents.
    package func writable(_ document: JSONObject) throws -> Bool {
        let scope = expansions.scope(root: document)
        guard let role = try role(in: scope) else { return false }
        return try RuleExpression.matches(filter: role.writeFilter, in: scope)
    }

    /// Refuses a new document (an insert or an upsert) its role may not insert or write.
    package func checkInsert(_ document: JSONObject) throws {
        guard let role = try role(root: document) else {
            throw ErrorResponse.noMatchingRule("no role of \(name) lets this user insert this document")
        }
        let scope = expansions.scope(root: document)
        guard try RuleExpression.permits(role.insert, in: scope) else {
            throw ErrorResponse.noMatchingRule("the role '\(role.name)' of \(name) may not insert documents")
        }
        guard try RuleExpression.matches(filter: role.writeFilter, in: scope) else {
            throw ErrorResponse.noMatchingRule("the role '\(role.name)' of \(name) may not write this document (document_filters.write)")
        }
        try checkFields(role, before: ["_id": document["_id"] ?? .null], after: document)
    }

    /// Refuses a change (`before` → `after`) to a document its role, chosen with `%%root` the
    /// document as changed and `%%prevRoot` as it was, may not make.
    package func checkUpdate(before: JSONObject, after: JSONObject) throws {
        guard let role = try role(root: after, prevRoot: before) else {
            throw ErrorResponse.noMatchingRule("no role of \(name) lets this user make this change")
        }
        let scope = expansions.scope(root: after, prevRoot: before)
        guard try RuleExpression.matches(filter: role.writeFilter, in: scope) else {
            throw ErrorResponse.noMatchingRule("the role '\(role.name)' of \(name) may not write the document as changed (document_filters.write)")
        }
        try checkFields(role, before: before, after: after)
    }

    /// Refuses deleting a document its role may not delete.
    package func checkDelete(_ document: JSONObject) throws {
        guard let role = try role(root: document),
            try RuleExpression.permits(role.delete, in: expansions.scope(root: document, prevRoot: document))
        else { throw ErrorResponse.noMatchingRule("this user's role may not delete documents of \(name)") }
    }

    private func checkFields(_ role: AppRole, before: JSONObject, after: JSONObject) throws {
        let scope = expansions.scope(root: after, prevRoot: before)
        if try RuleExpression.permits(role.write, in: scope) { return }
        try writableFields(role.name, before: before, after: after, fields: role.fields, additional: role.additionalFields, path: "")
    }

    private func writableFields(_ role: String, before: JSONObject, after: JSONObject, fields: JSONValue?, additional: JSONValue?, path: String) throws {
        let specs = fields?.objectValue ?? [:]
        var keys = after.keys
        keys.append(contentsOf: before.keys.filter { after[$0] == nil })
        for key in keys where !(path.isEmpty && key == "_id") {
            let old = before[key]
            let new = after[key]
            if let old, let new, old.sameValue(as: new) { continue }
            let scope = expansions.scope(root: after, prevRoot: before, this: new, prev: old)
            let fieldPath = path.isEmpty ? key : "\(path).\(key)"
            if let spec = specs[key]?.objectValue {
                if try RuleExpression.permits(spec["write"], in: scope) { continue }
                if spec["fields"] != nil, case .object(let newFields)? = new {
                    try writableFields(
                        role, before: old?.objectValue ?? [:], after: newFields, fields: spec["fields"], additional: spec["additional_fields"],
                        path: fieldPath)
                    continue
                }
            } else if try RuleExpression.permits(additional?["write"], in: scope) {
                continue
            }
            throw ErrorResponse.noMatchingRule("the role '\(role)' of \(name) may not write the field '\(fieldPath.prefix(64))'")
        }
    }
}
