import RosterDocuments
import RosterWire

/// One data access call as the SDKs' `MongoCollection` sends it: the operation, and its single
/// argument `{database, collection, …}` read from canonical Extended JSON. Arguments an
/// operation does not take are refused by name; `null` means absent, as clients send it.
package struct DataAccessRequest: Sendable {
    package enum Operation: String, Sendable, CaseIterable {
        case find, findOne, count, aggregate
        case insertOne, insertMany, updateOne, updateMany, deleteOne, deleteMany
        case findOneAndUpdate, findOneAndReplace, findOneAndDelete
        /// A change stream: served only as one (`GET …/functions/call?baas_request=…`).
        case watch

        /// What the operation takes besides database and collection.
        package var arguments: Set<String> {
            switch self {
            case .find: ["query", "project", "sort", "limit"]
            case .findOne: ["query", "project", "sort"]
            case .count: ["query", "limit"]
            case .aggregate: ["pipeline"]
            case .insertOne: ["document"]
            case .insertMany: ["documents"]
            case .updateOne, .updateMany: ["query", "update", "upsert", "arrayFilters"]
            case .deleteOne, .deleteMany: ["query"]
            case .findOneAndUpdate, .findOneAndReplace: ["filter", "update", "sort", "projection", "upsert", "returnNewDocument"]
            // realm-core sends `upsert` and `returnNewDocument` with any find-and-modify when they are true.
            case .findOneAndDelete: ["filter", "sort", "projection", "upsert", "returnNewDocument"]
            case .watch: ["ids", "filter"]
            }
        }
    }

    package let operation: Operation
    package let database: String
    package let collection: String
    /// The argument's fields, read as canonical Extended JSON, in the order the client wrote
    /// them (sort specifications, pipelines).
    package let fields: JSONObject

    package static func parse(_ name: String, arguments: [JSONValue]) throws(ErrorResponse) -> DataAccessRequest {
        guard let operation = Operation(rawValue: name) else {
            throw .functionNotFound(
                "no data access operation '\(name.prefix(64))' (\(Operation.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard arguments.count == 1, case .object = arguments[0] else {
            throw .invalidParameter("\(name) takes one argument: {database, collection, …}")
        }
        let fields: JSONObject
        do {
            fields = (try ExtendedJSON.canonical(arguments[0]).objectValue ?? [:]).filter { !$0.value.isNull }
        } catch {
            throw ErrorResponse(error)
        }
        if let unknown = fields.keys.sorted().first(where: {
            !operation.arguments.contains($0) && $0 != "database" && $0 != "collection"
        }) {
            throw .invalidParameter("\(name) does not take '\(unknown.prefix(32))'")
        }
        guard let database = fields["database"]?.stringValue, !database.isEmpty,
            let collection = fields["collection"]?.stringValue, !collection.isEmpty
        else { throw .invalidParameter("\(name) needs 'database' and 'collection' as strings") }
        return DataAccessRequest(operation: operation, database: database, collection: collection, fields: fields)
    }

    package var name: String { operation.rawValue }

    package func query(_ key: String) throws(DocumentError) -> DocumentQuery {
        try DocumentQuery.parse(fields[key])
    }

    package func sort(_ key: String) throws(DocumentError) -> DocumentSort? {
        try DocumentSort.parse(fields[key])
    }

    package func projection(_ key: String) throws(DocumentError) -> DocumentProjection? {
        try DocumentProjection.parse(fields[key])
    }

    package func flag(_ key: String) throws(ErrorResponse) -> Bool {
        guard let value = fields[key] else { return false }
        guard let flag = value.boolValue else { throw .invalidParameter("'\(key)' must be true or false") }
        return flag
    }

    /// `limit`, when given and not 0 (which means none, as in MongoDB).
    package func limit() throws(ErrorResponse) -> Int? {
        guard let value = fields["limit"] else { return nil }
        guard let number = value.intValue ?? value.numberValue.flatMap({ $0.rounded() == $0 ? Int64(exactly: $0) : nil }) else {
            throw .invalidParameter("'limit' must be a whole number")
        }
        if number == 0 { return nil }
        // A negative limit means the same number of documents in a single batch.
        return Int(min(number.magnitude, UInt64(Int.max)))
    }

    package init(operation: Operation, database: String, collection: String, fields: JSONObject) {
        self.operation = operation
        self.database = database
        self.collection = collection
        self.fields = fields
    }
}
