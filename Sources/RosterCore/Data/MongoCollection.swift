import Foundation
import RosterWire

/// One collection, for one user, with the operations of the SDKs' `MongoCollection`. Documents,
/// filters, updates, sort specifications and pipelines are `JSONValue`s, whose objects keep the
/// order they are written in (`["age": -1, "name": 1]` sorts by age first).
/// Results come back as the server sends them (relaxed Extended JSON: `_id` as `{"$oid": …}`).
///
///     let notes = user.mongoClient("mongodb-atlas").database("kiosk").collection("notes")
///     try await notes.insertMany([["title": "a", "stars": 3], ["title": "b", "stars": 5]])
///     let best = try await notes.find(sort: ["stars": -1], limit: 1)
///
/// After a write that changes the user's own custom user data document, the access token is
/// refreshed so `user.customData` shows the write at once. If that refresh fails, the write still
/// stands and `customData` catches up at the next refresh.
public struct MongoCollection: Sendable {
    public let database: MongoDatabase
    public let name: String

    var user: User { database.client.user }

    /// What `updateOne` and `updateMany` did.
    public struct UpdateResult: Sendable, Equatable {
        public var matchedCount: Int
        public var modifiedCount: Int
        /// The new document's id when the update inserted one.
        public var upsertedId: JSONValue?
    }

    /// How `findOneAndUpdate` and `findOneAndReplace` pick and answer.
    public struct FindOneAndModifyOptions: Sendable, Equatable {
        public var sort: JSONValue?
        public var projection: JSONValue?
        public var upsert: Bool
        /// Answer the document as it is after the change, not as it was.
        public var returnNewDocument: Bool

        public init(sort: JSONValue? = nil, projection: JSONValue? = nil, upsert: Bool = false, returnNewDocument: Bool = false) {
            self.sort = sort
            self.projection = projection
            self.upsert = upsert
            self.returnNewDocument = returnNewDocument
        }
    }

    // MARK: Reading

    /// The first document matching the filter (in `sort` order), or nil.
    public func findOne(_ filter: JSONValue = .emptyObject, projection: JSONValue? = nil, sort: JSONValue? = nil) async throws
        -> JSONValue?
    {
        let found = try await call("findOne", ["query": filter, "project": projection, "sort": sort])
        return Self.document(found)
    }

    /// The documents matching the filter, in `sort` order, at most `limit` of them.
    public func find(
        filter: JSONValue = .emptyObject, projection: JSONValue? = nil, sort: JSONValue? = nil, limit: Int? = nil
    ) async throws -> [JSONValue] {
        try list(try await call("find", ["query": filter, "project": projection, "sort": sort, "limit": limit.map(Self.number)]), "find")
    }

    /// How many documents match the filter (at most `limit`).
    public func count(_ filter: JSONValue = .emptyObject, limit: Int? = nil) async throws -> Int {
        Self.count(try await call("count", ["query": filter, "limit": limit.map(Self.number)]))
    }

    /// The documents an aggregation pipeline answers.
    public func aggregate(_ pipeline: [JSONValue]) async throws -> [JSONValue] {
        try list(try await call("aggregate", ["pipeline": .array(pipeline)]), "aggregate")
    }

    // MARK: Writing

    /// Inserts a document; its `insertedId`.
    @discardableResult
    public func insertOne(_ document: JSONValue) async throws -> JSONValue {
        let result = try await call("insertOne", ["document": document])
        try await refreshedAfterWrite()
        return result["insertedId"] ?? .null
    }

    /// Inserts documents, all or none; their `insertedIds`.
    @discardableResult
    public func insertMany(_ documents: [JSONValue]) async throws -> [JSONValue] {
        let result = try await call("insertMany", ["documents": .array(documents)])
        try await refreshedAfterWrite()
        return result["insertedIds"]?.arrayValue ?? []
    }

    /// Updates the first document matching the filter (update operators, or a whole new
    /// document); with `upsert`, inserts one when none matches.
    @discardableResult
    public func updateOne(filter: JSONValue, update: JSONValue, upsert: Bool = false, arrayFilters: [JSONValue]? = nil) async throws
        -> UpdateResult
    {
        try await changing("updateOne", filter: filter, update: update, upsert: upsert, arrayFilters: arrayFilters)
    }

    /// Updates every document matching the filter.
    @discardableResult
    public func updateMany(filter: JSONValue, update: JSONValue, upsert: Bool = false, arrayFilters: [JSONValue]? = nil) async throws
        -> UpdateResult
    {
        try await changing("updateMany", filter: filter, update: update, upsert: upsert, arrayFilters: arrayFilters)
    }

    /// Deletes the first document matching the filter; how many were deleted (0 or 1).
    @discardableResult
    public func deleteOne(filter: JSONValue = .emptyObject) async throws -> Int {
        try await delete("deleteOne", filter)
    }

    /// Deletes every document matching the filter; how many were deleted.
    @discardableResult
    public func deleteMany(filter: JSONValue = .emptyObject) async throws -> Int {
        try await delete("deleteMany", filter)
    }

    /// Updates the first match (in `sort` order) with update operators; the document as it was
    /// (or is, with `returnNewDocument`), or nil when none matched.
    @discardableResult
    public func findOneAndUpdate(filter: JSONValue, update: JSONValue, options: FindOneAndModifyOptions = .init()) async throws
        -> JSONValue?
    {
        try await findAndModify("findOneAndUpdate", filter: filter, update: update, options: options)
    }

    /// Replaces the first match with a whole document.
    @discardableResult
    public func findOneAndReplace(filter: JSONValue, replacement: JSONValue, options: FindOneAndModifyOptions = .init()) async throws
        -> JSONValue?
    {
        try await findAndModify("findOneAndReplace", filter: filter, update: replacement, options: options)
    }

    /// Deletes the first match; the deleted document, or nil.
    @discardableResult
    public func findOneAndDelete(filter: JSONValue = .emptyObject, sort: JSONValue? = nil, projection: JSONValue? = nil) async throws
        -> JSONValue?
    {
        let found = try await call("findOneAndDelete", ["filter": filter, "sort": sort, "projection": projection])
        if !found.isNull { try await refreshedAfterWrite() }
        return Self.document(found)
    }

    // MARK: Watching

    /// The collection's changes from now on, as they are committed: those the collection's read
    /// rule lets the user read, of the documents `ids` names (all when nil), that `filter` (a
    /// query over the change event, as `$match` in a MongoDB change stream) matches. The
    /// sequence ends with an error when the session ends or the server refuses, and when the
    /// server stops; ending the iteration closes the stream.
    ///
    ///     for try await change in notes.watch(filter: ["operationType": "insert"]) { print(change.fullDocument ?? .null) }
    public func watch(ids: [JSONValue]? = nil, filter: JSONValue? = nil) -> AsyncThrowingStream<MongoChangeEvent, any Error> {
        let (user, database, name) = (self.user, self.database, self.name)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var fields: JSONObject = ["database": .string(database.name), "collection": .string(name)]
                    if let ids { fields["ids"] = .array(ids) }
                    if let filter { fields["filter"] = filter }
                    let response = try await user.openFunctionStream("watch", arguments: [.object(fields)], service: database.client.serviceName)
                    var decoder = EventStreamDecoder()
                    for try await chunk in response.body {
                        for event in try decoder.feed(chunk) {
                            switch event.type {
                            case "message": continuation.yield(try MongoChangeEvent(parsing: event.data))
                            case "error":
                                let error = try? JSONValue(parsing: Data(event.data.utf8))
                                throw RosterError.server(
                                    code: error?["error_code"]?.stringValue ?? "StreamError", message: error?["error"]?.stringValue ?? event.data,
                                    status: 200)
                            default: continue
                            }
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    // MARK: Parts

    private func changing(_ operation: String, filter: JSONValue, update: JSONValue, upsert: Bool, arrayFilters: [JSONValue]?) async throws
        -> UpdateResult
    {
        let answer = try await call(
            operation,
            ["query": filter, "update": update, "upsert": .bool(upsert), "arrayFilters": arrayFilters.map { .array($0) }])
        let result = UpdateResult(
            matchedCount: Self.count(answer["matchedCount"]), modifiedCount: Self.count(answer["modifiedCount"]),
            upsertedId: answer["upsertedId"])
        if result.modifiedCount > 0 || result.upsertedId != nil { try await refreshedAfterWrite() }
        return result
    }

    private func delete(_ operation: String, _ filter: JSONValue) async throws -> Int {
        let deleted = Self.count(try await call(operation, ["query": filter])["deletedCount"])
        if deleted > 0 { try await refreshedAfterWrite() }
        return deleted
    }

    private func findAndModify(_ operation: String, filter: JSONValue, update: JSONValue, options: FindOneAndModifyOptions) async throws
        -> JSONValue?
    {
        let found = try await call(operation, [
            "filter": filter, "update": update, "sort": options.sort,
            "projection": options.projection,
            "upsert": .bool(options.upsert), "returnNewDocument": .bool(options.returnNewDocument),
        ])
        try await refreshedAfterWrite()
        return Self.document(found)
    }

    /// Calls the operation with `{database, collection, …}`, leaving out what is nil.
    private func call(_ operation: String, _ arguments: KeyValuePairs<String, JSONValue?>) async throws -> JSONValue {
        var fields: JSONObject = ["database": .string(database.name), "collection": .string(name)]
        for (key, value) in arguments { if let value { fields[key] = value } }
        return try await user.callFunction(operation, arguments: [.object(fields)], service: database.client.serviceName)
    }

    private func list(_ answer: JSONValue, _ operation: String) throws -> [JSONValue] {
        guard let found = answer.arrayValue else { throw RosterError.malformedResponse("\(operation) did not answer a list") }
        return found
    }

    /// Refreshes the access token when this collection holds custom user data (or when the
    /// server cannot say where that is).
    private func refreshedAfterWrite() async throws {
        let location = try? await user.customUserData.location()
        if let location, !location.enabled || location.database != database.name || location.collection != name { return }
        _ = try? await user.refreshCustomData()
    }

    /// A found document, or nil for the `null` that says none matched. (Written out: in
    /// `found.isNull ? nil : found` the `nil` would be JSON null, as `JSONValue` takes `nil` literals.)
    private static func document(_ found: JSONValue) -> JSONValue? {
        if found.isNull { return Optional.none }
        return found
    }

    private static func number(_ value: Int) -> JSONValue { .int(Int64(value)) }

    /// A count as a server sends it: a plain number, or canonical `{"$numberLong": "3"}`.
    private static func count(_ value: JSONValue?) -> Int {
        if let number = value?.numberValue { return Int(number) }
        return value?.objectValue?.values.first?.stringValue.flatMap { Int($0) } ?? 0
    }
}
