import Foundation
import RosterDocuments
import RosterWire

/// `functions/call` with the app's data service: MongoDB's collection API (find, findOne, count,
/// aggregate, insertOne/Many, updateOne/Many, deleteOne/Many, findOneAndUpdate/Replace/Delete)
/// on the app's collections, under each collection's rule. A rule that says no, or a user
/// reaching for someone else's documents, is NoMatchingRuleFound; bad arguments are
/// InvalidParameter naming what is wrong; a refused write writes nothing.
///
/// The store narrows every read to what SQL decides safely (the caller's own documents by the
/// indexed owner column, one `_id` by the primary key); the rest of a query is decided here,
/// a page of documents at a time with no database connection held (`DocumentStore.documents`),
/// stopping at the limit.
package struct DataAccessService: Sendable {
    package let store: any DocumentStore
    package let ids: IdentifierSource
    package let now: @Sendable () -> Date
    /// Where `%%user.identities` is read from; without it, a rule that names them sees none.
    package var users: (any UserStore)?

    package static let maximumDepth = 32
    /// The most documents one call answers, sorts, aggregates or changes; past it the call is
    /// refused and says so (give a limit or narrow the query), never cut short silently.
    package static let maximumDocuments = 10_000

    /// `asSystem`: as the system user, whom no rule limits (a JavaScript function that runs as
    /// system). `resolved`: what the data calls of one function run share of their caller.
    package func run(
        _ name: String, arguments: [JSONValue], caller: AuthorizedSession, asSystem: Bool = false, request callRequest: FunctionRequest? = nil,
        resolved: CallerExpansions? = nil
    ) async throws -> JSONValue {
        let request = try DataAccessRequest.parse(name, arguments: arguments)
        let system = asSystem ? DataRule(database: request.database, collection: request.collection, read: .all, write: .all) : nil
        guard let rule = system ?? caller.app.config.rule(database: request.database, collection: request.collection) else {
            throw ErrorResponse.noMatchingRule("no rule lets users use \(request.database).\(request.collection)")
        }
        let expansions = try await ruleExpansions(for: rule, caller: caller, request: callRequest, action: request.name, resolved: resolved)
        let access = DataRuleAccess(caller: caller, rule: rule, expansions: expansions, maxDocumentBytes: caller.app.config.maxDocumentBytes)
        let namespace = DocumentScope(appId: caller.app.id, database: request.database, collection: request.collection)
        do {
            switch request.operation {
            case .find, .findOne: return try await find(request, in: namespace, access)
            case .count: return try await count(request, in: namespace, access)
            case .aggregate: return try await aggregate(request, in: namespace, access)
            case .insertOne, .insertMany: return try await insert(request, into: namespace, access)
            case .updateOne, .updateMany: return try await update(request, in: namespace, access)
            case .deleteOne, .deleteMany: return try await delete(request, in: namespace, access)
            case .findOneAndUpdate, .findOneAndReplace, .findOneAndDelete: return try await findAndModify(request, in: namespace, access)
            case .watch: throw ErrorResponse.invalidParameter(ChangeStreamService.notAStream)
            }
        } catch let refused as DocumentError where refused.kind == .busy {
            throw PipelinesBusy(message: refused.message)
        } catch let refused as DocumentError {
            throw ErrorResponse(refused)
        } catch let duplicate as DuplicateDocumentId {
            let id = DocumentKey.id(ofKey: duplicate.id)
            throw ErrorResponse.invalidParameter("a document with _id '\((id.stringValue ?? ExtendedJSON.relaxed(id).compactText).prefix(64))' exists")
        }
    }

    /// What `rule`'s expressions see of this call. Roster's rule words name no expansion but
    /// `%%user.id` (`AppRole.words`), so the profile, the app's values and the request are read
    /// only for App Services' roles, which may name them (reading them for every call cost a
    /// data find about a twentieth: docs/BENCHMARKS.md, R).
    package func ruleExpansions(
        for rule: DataRule, caller: AuthorizedSession, request: FunctionRequest?, action: String, resolved: CallerExpansions? = nil
    ) async throws -> RuleExpansions {
        guard !rule.isWords else { return RuleExpansions(user: ["id": .string(caller.user.id), "type": "normal"]) }
        return try await expansions(for: rule, caller: caller, request: request, action: action, resolved: resolved)
    }

    /// The documents of the scope the caller may read that the query matches, as they may read
    /// them (`_id` included), at most `limit`. The query sees only what the caller may read.
    package func matching(_ query: DocumentQuery, in scope: DocumentScope, _ access: DataRuleAccess, limit: Int) async throws -> [JSONObject] {
        try await store.documents(scope, limit: limit) { record in
            guard let document = try access.readable(DocumentKey.document(record)) else { return nil }
            return try query.matches(.object(document)) ? document : nil
        }
    }

    /// Refuses a result that would hold more than `maximumDocuments`: `found` was read with one
    /// more than the bound so that this can tell.
    package static func bounded<T>(_ found: [T], _ what: String) throws(ErrorResponse) -> [T] {
        guard found.count <= maximumDocuments else {
            throw .invalidParameter("\(what) more than \(maximumDocuments) documents; give a limit or narrow the query")
        }
        return found
    }

    /// A document as answers carry it: relaxed Extended JSON, through the projection if any.
    package static func answer(_ document: JSONObject, _ projection: DocumentProjection?) throws(DocumentError) -> JSONValue {
        guard let projection else { return ExtendedJSON.relaxed(.object(document)) }
        let projected = try projection.apply(to: .object(document))
        return ExtendedJSON.relaxed(projected)
    }

    /// A document a write answers with, as the caller may read it (null when they may not).
    package static func answer(_ document: JSONObject, _ projection: DocumentProjection?, _ access: DataRuleAccess) throws -> JSONValue {
        guard let readable = try access.readable(document) else { return .null }
        return try answer(readable, projection)
    }

    package init(store: any DocumentStore, ids: IdentifierSource, now: @escaping @Sendable () -> Date, users: (any UserStore)? = nil) {
        self.store = store
        self.ids = ids
        self.now = now
        self.users = users
    }
}
