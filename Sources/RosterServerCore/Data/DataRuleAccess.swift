import RosterDocuments
import RosterWire

/// What a collection's rule lets one caller do, and the checks every read and write goes
/// through: the rule's roles, document by document (`CollectionRoles`); and for Roster's rule
/// words, with `own`, a user reads and writes only documents whose user-id field is their id, a
/// query naming someone else's is refused, and no write may give a document to someone else or
/// take the field away.
package struct DataRuleAccess: Sendable {
    package let caller: AuthorizedSession
    package let rule: DataRule
    package let maxDocumentBytes: Int
    private let expansions: RuleExpansions
    /// App Services' roles, made once for the call; nil under Roster's words, whose role is made
    /// only to word a refusal.
    private let appRoles: CollectionRoles?
    /// With `own` in Roster's words, the owner query `{"<userIdField>": "<caller's id>"}`,
    /// made once for the call: the words' one role asks exactly this of every document.
    private let ownerQuery: DocumentQuery?

    /// How a written document came to be, which decides what a missing user-id field means.
    package enum Write {
        /// A new document (an insert or an upsert): the field is filled in.
        case insert
        /// A whole new body for an existing document: a field left out is kept.
        case replace
        /// Operators on an existing document: removing the field is refused.
        case update
    }

    package var name: String { "\(rule.database).\(rule.collection)" }
    package var userId: String { caller.user.id }
    /// The rule's roles for this caller.
    package var roles: CollectionRoles { appRoles ?? CollectionRoles(name: name, roles: rule.roles, expansions: expansions) }

    /// The scope to read and the query to match: with `own`, only the caller's documents, and a
    /// query naming someone else's is refused rather than quietly answered. A query naming one
    /// `_id` reads that document only.
    package func scoped(_ query: DocumentQuery, _ namespace: DocumentScope, writing: Bool) throws(ErrorResponse) -> (DocumentScope, DocumentQuery) {
        var scope = namespace
        // Every match has this `_id`; one that cannot be a key (an array, a regex) matches
        // nothing stored, and the query itself says so.
        if let id = query.equality(at: "_id") { scope.idKey = try? DocumentKey.key(of: id) }
        guard rule.isWords else { return (scope, query) }
        switch writing ? rule.write : rule.read {
        case .none:
            throw .noMatchingRule("users may not \(writing ? "write" : "read") \(name)")
        case .all:
            return (scope, query)
        case .own:
            let field = rule.userIdField ?? "userId"
            if let asked = query.equality(at: field), !asked.sameValue(as: .string(userId)) {
                throw .noMatchingRule("a user may \(writing ? "write" : "read") only their own documents in \(name)")
            }
            guard let path = try? DocumentPath(field) else {
                throw .invalidParameter("the rule's user-id field '\(field)' is not a field path")
            }
            scope.field = field
            scope.value = userId
            return (scope, query.and(path, equals: .string(userId)))
        }
    }

    /// A document as written: with `own`, the user-id field is the caller's.
    package func owned(_ fields: JSONObject, _ write: Write) throws(ErrorResponse) -> JSONObject {
        guard rule.isWords else { return fields }
        if rule.write == .none { throw .noMatchingRule("users may not write \(name)") }
        guard rule.write == .own, let field = rule.userIdField else { return fields }
        var fields = fields
        switch fields[field] {
        case nil where write == .update:
            throw .noMatchingRule("the user-id field '\(field)' cannot be removed")
        case nil:
            fields[field] = .string(userId)
        case .string(userId)?:
            break
        default:
            throw .noMatchingRule(
                write == .insert ? "a user may not insert a document for someone else in \(name)"
                    : "the user-id field '\(field)' cannot be changed")
        }
        return fields
    }

    /// The app's size limit and Roster's nesting limit.
    package func checkLimits(_ fields: JSONObject) throws(ErrorResponse) {
        let size = JSONValue.object(fields).compactText.utf8.count
        guard size <= maxDocumentBytes else {
            throw .invalidParameter("the document is \(size) bytes, more than this app's limit of \(maxDocumentBytes)")
        }
        guard JSONValue.object(fields).depth <= DataAccessService.maximumDepth else {
            throw .invalidParameter("the document is nested deeper than \(DataAccessService.maximumDepth) levels")
        }
    }

    /// The document as the caller may read it, or nil when it is not for them.
    ///
    /// Roster's words are one role (`AppRole.words`) that applies always and reads every field
    /// its read filter lets through, so for them the filter alone decides, matched with the owner
    /// query parsed once rather than a role chosen and its filter expanded per document (that
    /// cost a `find` of one document 1.4 times the build before roles: docs/BENCHMARKS.md, R5).
    package func readable(_ document: JSONObject) throws -> JSONObject? {
        guard rule.isWords else { return try roles.readable(document) }
        return try words(rule.read, reach: document) ? document : nil
    }

    /// Whether a write's query reaches this existing document.
    package func writable(_ document: JSONObject) throws -> Bool {
        guard rule.isWords else { return try roles.writable(document) }
        return try words(rule.write, reach: document)
    }

    /// Refuses a new document (an insert or an upsert) the caller may not add. Under Roster's
    /// words, what their role allows is decided without the role (as `readable`); a refusal is
    /// still worded by the role.
    @inline(never)  // inlined into the async writes, it crashed Swift 6.3's optimiser (coroutine splitting)
    package func checkInsert(_ document: JSONObject) throws {
        if rule.isWords, rule.write != .none, try words(rule.write, reach: document) { return }
        try roles.checkInsert(document)
    }

    /// Refuses a change (`before` → `after`) the caller may not make.
    @inline(never)  // inlined into the async writes, it crashed Swift 6.3's optimiser (coroutine splitting)
    package func checkUpdate(before: JSONObject, after: JSONObject) throws {
        if rule.isWords, rule.write != .none, try words(rule.write, reach: after) { return }
        try roles.checkUpdate(before: before, after: after)
    }

    /// Refuses deleting a document the caller may not delete.
    @inline(never)  // inlined into the async writes, it crashed Swift 6.3's optimiser (coroutine splitting)
    package func checkDelete(_ document: JSONObject) throws {
        if rule.isWords, rule.write != .none { return }
        try roles.checkDelete(document)
    }

    /// Whether Roster's words `access` reach `document`, as their role's document filter says.
    private func words(_ access: DataRule.Access, reach document: JSONObject) throws -> Bool {
        switch access {
        case .none: false
        case .all: true
        case .own: try ownerQuery?.matches(.object(document)) ?? false
        }
    }

    package init(caller: AuthorizedSession, rule: DataRule, expansions: RuleExpansions, maxDocumentBytes: Int) {
        self.caller = caller
        self.rule = rule
        self.maxDocumentBytes = maxDocumentBytes
        self.expansions = expansions
        appRoles = rule.isWords ? nil : CollectionRoles(name: "\(rule.database).\(rule.collection)", roles: rule.roles, expansions: expansions)
        ownerQuery =
            rule.isWords
            ? rule.userIdField.flatMap { try? DocumentPath($0) }.map { DocumentQuery.everything.and($0, equals: .string(caller.user.id)) } : nil
    }
}
