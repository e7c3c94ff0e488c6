import Foundation
import RosterWire

/// `functions/call` with `service: "mongodb-atlas"`: insertOne, findOne, find, updateOne,
/// deleteOne and count on the app's collections, under the collection's rule. A rule that says
/// no, or a user reaching for someone else's documents, is NoMatchingRuleFound; bad arguments are
/// InvalidParameter naming what is wrong. A refused write writes nothing.
struct DataAccessService: Sendable {
    let store: any ServerStore
    let ids: IdentifierSource

    static let service = "mongodb-atlas"
    static let maximumDepth = 32
    /// The most documents `find` answers.
    static let maximumResults = 1000

    /// What each operation takes besides database and collection.
    static let arguments: [String: Set<String>] = [
        "insertOne": ["document"], "findOne": ["query"], "find": ["query", "limit"],
        "updateOne": ["query", "update", "upsert"], "deleteOne": ["query"], "count": ["query", "limit"],
    ]

    func run(_ name: String, arguments: [JSONValue], caller: AuthorizedSession) async throws -> JSONValue {
        guard let allowed = Self.arguments[name] else {
            throw ErrorResponse.functionNotFound("no data access operation '\(name.prefix(64))' (\(Self.arguments.keys.sorted().joined(separator: ", ")))")
        }
        guard arguments.count == 1, case .object(let given) = arguments[0] else {
            throw ErrorResponse.invalidParameter("\(name) takes one argument: {database, collection, …}")
        }
        if let unknown = given.keys.sorted().first(where: { !allowed.contains($0) && $0 != "database" && $0 != "collection" }) {
            throw ErrorResponse.invalidParameter("\(name) does not take '\(unknown.prefix(32))'")
        }
        guard let database = given["database"]?.stringValue, !database.isEmpty,
            let collection = given["collection"]?.stringValue, !collection.isEmpty
        else { throw ErrorResponse.invalidParameter("\(name) needs 'database' and 'collection' as strings") }
        guard let rule = caller.app.config.rule(database: database, collection: collection) else {
            throw ErrorResponse.noMatchingRule("no rule lets users use \(database).\(collection)")
        }
        let access = Access(caller: caller, rule: rule, maxDocumentBytes: caller.app.config.maxDocumentBytes)
        let namespace = DocumentScope(appId: caller.app.id, database: database, collection: collection)
        switch name {
        case "insertOne": return try await insertOne(given["document"], into: namespace, access)
        case "updateOne":
            return try await updateOne(
                query: try DocumentQuery.parse(given["query"]), update: try DocumentUpdate.parse(given["update"]),
                upsert: try flag(given["upsert"], "upsert"), in: namespace, access)
        case "deleteOne": return try await deleteOne(try DocumentQuery.parse(given["query"]), in: namespace, access)
        default:
            let limit = try self.limit(given["limit"])
            let found = try await read(try DocumentQuery.parse(given["query"]), in: namespace, access, limit: name == "findOne" ? 1 : limit)
            switch name {
            case "findOne": return found.first ?? .null
            case "count": return .int(Int64(found.count))
            default: return .array(found)
            }
        }
    }

    // MARK: Operations

    private func read(_ query: DocumentQuery, in namespace: DocumentScope, _ access: Access, limit: Int) async throws -> [JSONValue] {
        let (scope, query) = try access.scoped(query, namespace, writing: false)
        var found: [JSONValue] = []
        for record in try await store.documents(scope) where query.matches(Self.matchable(record)) {
            found.append(Self.document(record))
            if found.count == limit { break }
        }
        return found
    }

    private func insertOne(_ value: JSONValue?, into namespace: DocumentScope, _ access: Access) async throws -> JSONValue {
        guard let value else { throw ErrorResponse.missingParameter("document") }
        guard case .object(var fields) = ExtendedJSON.plain(value) else { throw ErrorResponse.invalidParameter("document must be a JSON object") }
        let id = try givenId(fields.removeValue(forKey: "_id")) ?? ids.objectId()
        fields = try access.owned(fields, inserting: true)
        try access.checkLimits(fields)
        let record = DocumentRecord(
            appId: namespace.appId, database: namespace.database, collection: namespace.collection, id: id,
            body: JSONValue.object(fields).compactText)
        do {
            try await store.changeDocuments(namespace) { _ in (DocumentWrites(inserts: [record]), ()) }
        } catch let duplicate as DuplicateDocumentId {
            throw ErrorResponse.invalidParameter("a document with _id '\(duplicate.id)' exists")
        }
        return ["insertedId": ExtendedJSON.id(id)]
    }

    private func updateOne(
        query: DocumentQuery, update: DocumentUpdate, upsert: Bool, in namespace: DocumentScope, _ access: Access
    ) async throws -> JSONValue {
        let (scope, scoped) = try access.scoped(query, namespace, writing: true)
        try access.check(update)
        let newId = ids.objectId()
        do {
            return try await store.changeDocuments(scope) { records in
                if let record = records.first(where: { scoped.matches(Self.matchable($0)) }) {
                    let before = Self.body(record)
                    let after = try access.owned(try update.apply(to: before), inserting: false)
                    guard !JSONValue.object(after).sameValue(as: .object(before)) else {
                        return (DocumentWrites(), ["matchedCount": 1, "modifiedCount": 0])
                    }
                    try access.checkLimits(after)
                    var changed = record
                    changed.body = JSONValue.object(after).compactText
                    return (DocumentWrites(updates: [changed]), ["matchedCount": 1, "modifiedCount": 1])
                }
                guard upsert else { return (DocumentWrites(), ["matchedCount": 0, "modifiedCount": 0]) }
                var start = scoped.equalities
                let id = try givenId(start.removeValue(forKey: "_id")) ?? newId
                let body = try access.owned(try update.apply(to: start), inserting: true)
                try access.checkLimits(body)
                let record = DocumentRecord(
                    appId: namespace.appId, database: namespace.database, collection: namespace.collection, id: id,
                    body: JSONValue.object(body).compactText)
                return (DocumentWrites(inserts: [record]), ["matchedCount": 0, "modifiedCount": 0, "upsertedId": ExtendedJSON.id(id)])
            }
        } catch let duplicate as DuplicateDocumentId {
            throw ErrorResponse.invalidParameter("a document with _id '\(duplicate.id)' exists")
        }
    }

    private func deleteOne(_ query: DocumentQuery, in namespace: DocumentScope, _ access: Access) async throws -> JSONValue {
        let (scope, scoped) = try access.scoped(query, namespace, writing: true)
        return try await store.changeDocuments(scope) { records in
            guard let record = records.first(where: { scoped.matches(Self.matchable($0)) }) else {
                return (DocumentWrites(), ["deletedCount": 0])
            }
            return (DocumentWrites(deletes: [record.id]), ["deletedCount": 1])
        }
    }

    // MARK: Arguments

    /// The `_id` a client gave, if it gave one.
    private func givenId(_ value: JSONValue?) throws(ErrorResponse) -> String? {
        guard let value else { return nil }
        guard let id = value.stringValue ?? value.intValue.map(String.init), !id.isEmpty, id.utf8.count <= 64 else {
            throw .invalidParameter("_id must be an ObjectId, a string of 1 to 64 bytes, or an integer")
        }
        return id
    }

    private func flag(_ value: JSONValue?, _ name: String) throws(ErrorResponse) -> Bool {
        guard let value else { return false }
        guard let flag = value.boolValue else { throw .invalidParameter("'\(name)' must be true or false") }
        return flag
    }

    private func limit(_ value: JSONValue?) throws(ErrorResponse) -> Int {
        guard let value else { return Self.maximumResults }
        guard let number = ExtendedJSON.plain(value).intValue, number >= 0 else { throw .invalidParameter("'limit' must be a whole number, 0 or more") }
        return number == 0 ? Self.maximumResults : Int(min(number, Int64(Self.maximumResults)))
    }

    static func body(_ record: DocumentRecord) -> [String: JSONValue] {
        (try? JSONValue(parsing: record.body))?.objectValue ?? [:]
    }

    /// A stored document as queries see it: `_id` as the plain id, as queries name it once their
    /// extended JSON is read.
    static func matchable(_ record: DocumentRecord) -> JSONValue {
        var fields = body(record)
        fields["_id"] = .string(record.id)
        return .object(fields)
    }

    /// A stored document as answers carry it.
    static func document(_ record: DocumentRecord) -> JSONValue {
        ExtendedJSON.document(id: record.id, body: body(record))
    }
}

extension DataAccessService {
    /// What a rule lets this caller do, and the checks every write goes through.
    struct Access: Sendable {
        let caller: AuthorizedSession
        let rule: DataRule
        let maxDocumentBytes: Int

        var name: String { "\(rule.database).\(rule.collection)" }
        var userId: String { caller.user.id }

        /// The scope to read and the query to match: with `own`, only the caller's documents,
        /// and a query naming someone else's is refused rather than quietly answered.
        func scoped(_ query: DocumentQuery, _ namespace: DocumentScope, writing: Bool) throws(ErrorResponse) -> (DocumentScope, DocumentQuery) {
            var scope = namespace
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
                scope.field = field
                scope.value = userId
                return (scope, query.and(try DocumentPath(field), equals: .string(userId)))
            }
        }

        /// A document as written: with `own`, the user-id field is the caller's (filled in on
        /// insert when missing) and no write may give the document to someone else.
        func owned(_ fields: [String: JSONValue], inserting: Bool) throws(ErrorResponse) -> [String: JSONValue] {
            guard rule.write == .own, let field = rule.userIdField else {
                if rule.write == .none { throw .noMatchingRule("users may not write \(name)") }
                return fields
            }
            var fields = fields
            switch fields[field] {
            case nil:
                fields[field] = .string(userId)
            case .string(userId)?:
                break
            default:
                throw .noMatchingRule(
                    inserting ? "a user may not insert a document for someone else in \(name)"
                        : "the user-id field '\(field)' cannot be changed")
            }
            return fields
        }

        /// With `own`, an update may not take the user-id field away (a replacement that leaves it
        /// out keeps it; see `owned`).
        func check(_ update: DocumentUpdate) throws(ErrorResponse) {
            guard rule.write == .own, let field = rule.userIdField, case .operators(let operations) = update else { return }
            for case .unset(let path) in operations where path.topLevel == field {
                throw .noMatchingRule("the user-id field '\(field)' cannot be removed")
            }
        }

        /// The app's size limit and Roster's nesting limit.
        func checkLimits(_ fields: [String: JSONValue]) throws(ErrorResponse) {
            let size = JSONValue.object(fields).compactText.utf8.count
            guard size <= maxDocumentBytes else {
                throw .invalidParameter("the document is \(size) bytes, more than this app's limit of \(maxDocumentBytes)")
            }
            guard JSONValue.object(fields).depth <= DataAccessService.maximumDepth else {
                throw .invalidParameter("the document is nested deeper than \(DataAccessService.maximumDepth) levels")
            }
        }
    }
}

extension JSONValue {
    /// How deeply objects and arrays nest: 0 for a plain value.
    var depth: Int {
        switch self {
        case .object(let fields): 1 + (fields.values.map(\.depth).max() ?? 0)
        case .array(let items): 1 + (items.map(\.depth).max() ?? 0)
        default: 0
        }
    }
}
