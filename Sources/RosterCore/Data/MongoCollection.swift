import RosterWire

/// One collection, for one user. Documents and filters are `JSONValue` objects; results come
/// back as the server sends them (a document's `_id` as `{"$oid": …}`).
///
/// After a write that changes the user's own custom user data document (insert, an update that
/// modified or upserted, a delete), the access token is refreshed so `user.customData` shows the
/// write at once. If that refresh fails, the write still stands and `customData` catches up at
/// the next refresh.
public struct MongoCollection: Sendable {
    public let database: MongoDatabase
    public let name: String

    var user: User { database.client.user }

    /// What `updateOne` did.
    public struct UpdateResult: Sendable, Equatable {
        public var matchedCount: Int
        public var modifiedCount: Int
        /// The new document's id when the update inserted one.
        public var upsertedId: JSONValue?
    }

    /// Inserts a document; its `insertedId`.
    @discardableResult
    public func insertOne(_ document: JSONValue) async throws -> JSONValue {
        let result = try await call("insertOne", ["document": document])
        try await refreshedAfterWrite()
        return result["insertedId"] ?? .null
    }

    /// The first document matching the filter, or nil.
    public func findOne(_ filter: JSONValue = .emptyObject) async throws -> JSONValue? {
        let found = try await call("findOne", ["query": filter])
        return found.isNull ? nil : found
    }

    /// The documents matching the filter, at most `limit` of them.
    public func find(filter: JSONValue = .emptyObject, limit: Int? = nil) async throws -> [JSONValue] {
        var arguments: [String: JSONValue] = ["query": filter]
        if let limit { arguments["limit"] = .int(Int64(limit)) }
        guard let found = try await call("find", arguments).arrayValue else {
            throw RosterError.malformedResponse("find did not answer a list")
        }
        return found
    }

    /// Updates the first document matching the filter (`$set`, `$unset`, `$inc`, `$push`, or a
    /// whole new document); with `upsert`, inserts one when none matches.
    @discardableResult
    public func updateOne(filter: JSONValue, update: JSONValue, upsert: Bool = false) async throws -> UpdateResult {
        let answer = try await call("updateOne", ["query": filter, "update": update, "upsert": .bool(upsert)])
        let result = UpdateResult(
            matchedCount: Self.count(answer["matchedCount"]), modifiedCount: Self.count(answer["modifiedCount"]),
            upsertedId: answer["upsertedId"])
        if result.modifiedCount > 0 || result.upsertedId != nil { try await refreshedAfterWrite() }
        return result
    }

    /// Deletes the first document matching the filter; how many were deleted (0 or 1).
    @discardableResult
    public func deleteOne(filter: JSONValue = .emptyObject) async throws -> Int {
        let deleted = Self.count(try await call("deleteOne", ["query": filter])["deletedCount"])
        if deleted > 0 { try await refreshedAfterWrite() }
        return deleted
    }

    /// How many documents match the filter.
    public func count(_ filter: JSONValue = .emptyObject, limit: Int? = nil) async throws -> Int {
        var arguments: [String: JSONValue] = ["query": filter]
        if let limit { arguments["limit"] = .int(Int64(limit)) }
        return Self.count(try await call("count", arguments))
    }

    private func call(_ operation: String, _ arguments: [String: JSONValue]) async throws -> JSONValue {
        var argument = arguments
        argument["database"] = .string(database.name)
        argument["collection"] = .string(name)
        return try await user.callFunction(operation, arguments: [.object(argument)], service: database.client.serviceName)
    }

    /// Refreshes the access token when this collection holds custom user data (or when the
    /// server cannot say where that is).
    private func refreshedAfterWrite() async throws {
        let location = try? await user.sessions.customUserDataLocation()
        if let location, !location.enabled || location.database != database.name || location.collection != name { return }
        _ = try? await user.refreshCustomData()
    }

    /// A count as a server sends it: a plain number, or canonical `{"$numberLong": "3"}`.
    private static func count(_ value: JSONValue?) -> Int {
        if let number = value?.numberValue { return Int(number) }
        return value?.objectValue?.values.first?.stringValue.flatMap { Int($0) } ?? 0
    }
}
