import Foundation
import RosterWire

extension User {
    /// Writes `update` (`$set`, `$unset`, … or a whole new document) to this user's own custom
    /// user data document, wherever the app keeps it, and makes the document when there is none
    /// and `upsert` says so. `customData` shows the result at once.
    ///
    ///     try await user.updateCustomData(["$set": ["favoriteColor": "teal"]])
    @discardableResult
    public func updateCustomData(_ update: JSONValue, upsert: Bool = true) async throws -> MongoCollection.UpdateResult {
        let location = try await customUserData.location()
        guard location.enabled, let database = location.database, let collection = location.collection,
            let field = location.userIdField
        else { throw RosterError.invalidRequest("this app keeps no custom user data") }
        let documents = mongoClient("mongodb-atlas").database(database).collection(collection)
        return try await documents.updateOne(filter: [field: .string(id)], update: update, upsert: upsert)
    }

    /// The user's custom data each time it changes on the server (written here, on another
    /// device, by a web app or an administrator), already refreshed into `customData`: a change
    /// stream of the collection that keeps it, narrowed to this user's document (and deletes,
    /// which carry no document and are told only when the data did change). Ends with the
    /// server's error when the session ends or the app keeps no custom user data.
    ///
    ///     for try await data in user.customDataChanges() { show(data) }
    public func customDataChanges() -> AsyncThrowingStream<JSONValue, any Error> {
        let user = self
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let location = try await user.customUserData.location()
                    guard location.enabled, let database = location.database, let collection = location.collection,
                        let field = location.userIdField
                    else { throw RosterError.invalidRequest("this app keeps no custom user data") }
                    let documents = user.mongoClient("mongodb-atlas").database(database).collection(collection)
                    let filter: JSONValue = ["$or": [.object(["fullDocument." + field: .string(user.id)]), ["operationType": "delete"]]]
                    for try await _ in documents.watch(filter: filter) {
                        let before = user.customData
                        let now = try await user.refreshCustomData()
                        if now != before { continuation.yield(now) }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
