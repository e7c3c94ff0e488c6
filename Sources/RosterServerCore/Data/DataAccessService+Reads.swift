import RosterDocuments
import RosterWire

extension DataAccessService {
    /// find and findOne: the query's documents, sorted, limited, projected.
    package func find(_ request: DataAccessRequest, in namespace: DocumentScope, _ access: DataRuleAccess) async throws -> JSONValue {
        let one = request.operation == .findOne
        let (scope, query) = try access.scoped(try request.query("query"), namespace, writing: false)
        let sort = try request.sort("sort")
        let projection = try request.projection("project")
        let limit = one ? 1 : try request.limit()
        var found: [JSONObject]
        if let sort {
            found = try Self.bounded(try await matching(query, in: scope, access, limit: Self.maximumDocuments + 1), "sorting")
            found = sort.sorted(found.map(JSONValue.object)).compactMap(\.objectValue)
            if let limit { found = Array(found.prefix(limit)) }
        } else if let limit {
            guard limit <= Self.maximumDocuments else {
                throw ErrorResponse.invalidParameter("'limit' may be at most \(Self.maximumDocuments)")
            }
            found = try await matching(query, in: scope, access, limit: limit)
        } else {
            found = try Self.bounded(try await matching(query, in: scope, access, limit: Self.maximumDocuments + 1), "the query matches")
        }
        if one { return try found.first.map { try Self.answer($0, projection) } ?? .null }
        return .array(try found.map { try Self.answer($0, projection) })
    }

    /// count: every match, or at most `limit`.
    package func count(_ request: DataAccessRequest, in namespace: DocumentScope, _ access: DataRuleAccess) async throws -> JSONValue {
        let (scope, query) = try access.scoped(try request.query("query"), namespace, writing: false)
        if let limit = try request.limit() {
            return .int(Int64(try await store.documents(scope, limit: limit) { record -> Bool? in
                guard let document = try access.readable(DocumentKey.document(record)) else { return nil }
                return try query.matches(.object(document)) ? true : nil
            }.count))
        }
        return .int(Int64(try await store.countDocuments(scope) { record in
            guard let document = try access.readable(DocumentKey.document(record)) else { return false }
            return try query.matches(.object(document))
        }))
    }

    /// aggregate: the pipeline over the documents the caller may read (narrowed by a leading
    /// `$match` as they are read).
    package func aggregate(_ request: DataAccessRequest, in namespace: DocumentScope, _ access: DataRuleAccess) async throws -> JSONValue {
        guard let stages = request.fields["pipeline"] else { throw ErrorResponse.missingParameter("pipeline") }
        let pipeline = try Pipeline.parse(
            stages, limits: .init(maximumDocumentsHeld: Self.maximumDocuments, maximumBytesMade: access.caller.app.config.maxPipelineBytes))
        let (scope, query) = try access.scoped(pipeline.leadingMatch ?? .everything, namespace, writing: false)
        let input = try Self.bounded(try await matching(query, in: scope, access, limit: Self.maximumDocuments + 1), "the pipeline reads")
        let output = try pipeline.run(input.map(JSONValue.object), sharing: access.caller.app.pipelineMemory)
        // An answer too large to send is refused before its relaxed copy is made.
        let largest = access.caller.app.config.maxPipelineBytes
        if JSONValue.array(output).isLarger(thanBytes: largest) { throw FunctionCallService.answerTooLarge(largest) }
        return .array(output.map(ExtendedJSON.relaxed))
    }
}
