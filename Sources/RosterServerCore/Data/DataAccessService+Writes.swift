import Foundation
import RosterDocuments
import RosterWire

extension DataAccessService {
    /// insertOne and insertMany: all of them or none.
    package func insert(_ request: DataAccessRequest, into namespace: DocumentScope, _ access: DataRuleAccess) async throws -> JSONValue {
        let many = request.operation == .insertMany
        let given: [JSONValue]
        if many {
            guard let documents = request.fields["documents"] else { throw ErrorResponse.missingParameter("documents") }
            guard let list = documents.arrayValue, !list.isEmpty else {
                throw ErrorResponse.invalidParameter("'documents' must be a non-empty array of documents")
            }
            guard list.count <= Self.maximumDocuments else {
                throw ErrorResponse.invalidParameter("insertMany takes at most \(Self.maximumDocuments) documents")
            }
            given = list
        } else {
            guard let document = request.fields["document"] else { throw ErrorResponse.missingParameter("document") }
            given = [document]
        }
        var records: [DocumentRecord] = []
        var insertedIds: [JSONValue] = []
        for value in given {
            guard case .object(var fields) = value else { throw ErrorResponse.invalidParameter("a document must be a JSON object") }
            try Self.checkFieldNames(fields)
            let id = fields["_id"] ?? ["$oid": .string(ids.objectId())]
            fields.setFirst("_id", id)
            fields = try access.owned(fields, .insert)
            try access.checkInsert(fields)
            try access.checkLimits(fields)
            records.append(record(fields, id: try DocumentKey.key(of: id), in: namespace))
            insertedIds.append(ExtendedJSON.relaxed(id))
        }
        let inserts = records
        try await store.changeDocuments(namespace, limit: 0, select: { _ in () }) { _ in (DocumentWrites(inserts: inserts), ()) }
        return many ? ["insertedIds": .array(insertedIds)] : ["insertedId": insertedIds[0]]
    }

    /// updateOne and updateMany, with upsert: `{matchedCount, modifiedCount, upsertedId?}`. An
    /// update without operators replaces every document it matches but `_id`, as App Services
    /// does in both (an upsert's new document is then `_id` and the replacement alone).
    package func update(_ request: DataAccessRequest, in namespace: DocumentScope, _ access: DataRuleAccess) async throws -> JSONValue {
        let many = request.operation == .updateMany
        let (scope, query) = try access.scoped(try request.query("query"), namespace, writing: true)
        let update = try DocumentUpdate.parse(request.fields["update"], arrayFilters: request.fields["arrayFilters"])
        let replacing = update.isReplacement
        let upsert = try request.flag("upsert")
        let newId = ids.objectId()
        let time = now()
        return try await store.changeDocuments(scope, limit: many ? Self.maximumDocuments + 1 : 1, select: selector(query, access)) { selected in
            let matched = try Self.bounded(selected, "the update matches")
            var writes = DocumentWrites(replacing: replacing)
            for (key, before) in matched {
                var after = try update.apply(to: before, query: query, inserting: false, now: time)
                if let id = before["_id"] { after.setFirst("_id", id) }
                after = try access.owned(after, replacing ? .replace : .update)
                guard !JSONValue.object(after).sameValue(as: .object(before)) else { continue }
                try access.checkUpdate(before: before, after: after)
                try access.checkLimits(after)
                writes.updates.append(record(after, id: key, in: namespace))
            }
            var answer: JSONObject = ["matchedCount": .int(Int64(matched.count)), "modifiedCount": .int(Int64(writes.updates.count))]
            if matched.isEmpty, upsert {
                let (inserted, id) = try upserted(update, query: query, newId: newId, now: time, access, in: namespace)
                writes.inserts.append(inserted)
                answer["upsertedId"] = ExtendedJSON.relaxed(id)
            }
            return (writes, .object(answer))
        }
    }

    /// deleteOne and deleteMany: `{deletedCount}`.
    package func delete(_ request: DataAccessRequest, in namespace: DocumentScope, _ access: DataRuleAccess) async throws -> JSONValue {
        let many = request.operation == .deleteMany
        let (scope, query) = try access.scoped(try request.query("query"), namespace, writing: true)
        return try await store.changeDocuments(scope, limit: many ? Self.maximumDocuments + 1 : 1, select: selector(query, access)) { selected in
            let matched = try Self.bounded(selected, "the delete matches")
            for (_, document) in matched { try access.checkDelete(document) }
            let keys = matched.map(\.key)
            return (DocumentWrites(deletes: keys), ["deletedCount": .int(Int64(keys.count))])
        }
    }

    /// findOneAndUpdate, findOneAndReplace and findOneAndDelete: the first match in `sort`
    /// order, changed, and answered as it was (or, with `returnNewDocument`, as it is now);
    /// `null` when nothing matched. findOneAndUpdate with a document without operators replaces,
    /// as App Services does. A findOneAndReplace with no `update` deletes, as realm-web sends
    /// its findOneAndDelete.
    package func findAndModify(_ request: DataAccessRequest, in namespace: DocumentScope, _ access: DataRuleAccess) async throws -> JSONValue {
        let (scope, query) = try access.scoped(try request.query("filter"), namespace, writing: true)
        let sort = try request.sort("sort")
        let projection = try request.projection("projection")
        let deleting = request.operation == .findOneAndDelete || (request.operation == .findOneAndReplace && request.fields["update"] == nil)
        let update: DocumentUpdate?
        if deleting {
            update = nil
        } else {
            let parsed = try DocumentUpdate.parse(request.fields["update"])
            if request.operation == .findOneAndReplace, !parsed.isReplacement {
                throw ErrorResponse.invalidParameter("findOneAndReplace takes a whole document, not update operators")
            }
            update = parsed
        }
        let upsert = try request.flag("upsert")
        let returnNew = try request.flag("returnNewDocument")
        if request.operation == .findOneAndDelete, upsert || returnNew {
            throw ErrorResponse.invalidParameter("findOneAndDelete can neither upsert nor return a new document")
        }
        let replacing = update?.isReplacement ?? false
        let newId = ids.objectId()
        let time = now()
        return try await store.changeDocuments(
            scope, limit: sort == nil ? 1 : Self.maximumDocuments + 1, select: selector(query, access)
        ) { selected in
            var candidates = try Self.bounded(selected, "sorting")
            if let sort, let first = sort.sorted(candidates.map { JSONValue.object($0.document) }).first {
                // Documents differ by `_id`: the first in sort order is the one with its `_id`.
                candidates = candidates.filter { $0.document["_id"] == first["_id"] }
            }
            guard let (key, before) = candidates.first else {
                guard let update, upsert else { return (DocumentWrites(), .null) }
                let (inserted, _) = try upserted(update, query: query, newId: newId, now: time, access, in: namespace)
                let answer = returnNew ? try Self.answer(DocumentKey.document(inserted), projection, access) : .null
                return (DocumentWrites(inserts: [inserted]), answer)
            }
            guard let update else {
                try access.checkDelete(before)
                return (DocumentWrites(deletes: [key]), try Self.answer(before, projection, access))
            }
            var after = try update.apply(to: before, query: query, inserting: false, now: time)
            if let id = before["_id"] { after.setFirst("_id", id) }
            after = try access.owned(after, replacing ? .replace : .update)
            try access.checkLimits(after)
            let answer = try Self.answer(returnNew ? after : before, projection, access)
            guard !JSONValue.object(after).sameValue(as: .object(before)) else { return (DocumentWrites(), answer) }
            try access.checkUpdate(before: before, after: after)
            return (DocumentWrites(updates: [record(after, id: key, in: namespace)], replacing: replacing), answer)
        }
    }

    // MARK: Parts

    /// Matches as (key, document) pairs, for writes: the documents the query matches that the
    /// caller's role may write (its write filter ANDed into the query).
    private func selector(_ query: DocumentQuery, _ access: DataRuleAccess) -> @Sendable (DocumentRecord) throws -> (key: String, document: JSONObject)? {
        { record in
            let document = DocumentKey.document(record)
            return try query.matches(.object(document)) && access.writable(document) ? (record.id, document) : nil
        }
    }

    /// The document an upsert inserts: the query's equalities, then the update (with
    /// `$setOnInsert`), under the query's `_id` or a new one.
    private func upserted(
        _ update: DocumentUpdate, query: DocumentQuery, newId: String, now time: Date, _ access: DataRuleAccess,
        in namespace: DocumentScope
    ) throws -> (DocumentRecord, JSONValue) {
        let start = query.equalities
        var body = try update.apply(to: start, query: query, inserting: true, now: time)
        let id = start["_id"] ?? body["_id"] ?? ["$oid": .string(newId)]
        body.setFirst("_id", id)
        body = try access.owned(body, .insert)
        try access.checkInsert(body)
        try access.checkLimits(body)
        return (record(body, id: try DocumentKey.key(of: id), in: namespace), id)
    }

    private func record(_ fields: JSONObject, id key: String, in namespace: DocumentScope) -> DocumentRecord {
        DocumentRecord(
            appId: namespace.appId, database: namespace.database, collection: namespace.collection, id: key,
            body: JSONValue.object(fields).compactText)
    }

    /// Field names MongoDB refuses in stored documents: `$`-prefixed ones at the top level.
    package static func checkFieldNames(_ fields: JSONObject) throws(ErrorResponse) {
        if let bad = fields.keys.sorted().first(where: { $0.hasPrefix("$") || $0.isEmpty }) {
            throw .invalidParameter("a document's field name may not be empty or start with '$' ('\(bad.prefix(32))')")
        }
    }
}

extension DocumentUpdate {
    /// A whole document rather than operators.
    package var isReplacement: Bool {
        if case .replace = self { return true }
        return false
    }
}
