import RosterWire

extension User {
    /// Writes `update` (`$set`, `$unset`, … or a whole new document) to this user's own custom
    /// user data document, wherever the app keeps it, and makes the document when there is none
    /// and `upsert` says so. `customData` shows the result at once.
    ///
    ///     try await user.updateCustomData(["$set": ["favoriteColor": "teal"]])
    @discardableResult
    public func updateCustomData(_ update: JSONValue, upsert: Bool = true) async throws -> MongoCollection.UpdateResult {
        let location = try await sessions.customUserDataLocation()
        guard location.enabled, let database = location.database, let collection = location.collection,
            let field = location.userIdField
        else { throw RosterError.invalidRequest("this app keeps no custom user data") }
        let documents = mongoClient("mongodb-atlas").database(database).collection(collection)
        return try await documents.updateOne(filter: [field: .string(id)], update: update, upsert: upsert)
    }
}
