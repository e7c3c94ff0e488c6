import RosterWire

/// Data access for one user, as the SDKs have it:
///
///     let users = user.mongoClient("mongodb-atlas").database("my_database").collection("users")
///     try await users.updateOne(filter: [:], update: ["$set": ["favoriteColor": "teal"]], upsert: true)
///     user.customData["favoriteColor"] // "teal": a write to the user's own custom data refreshes it
///
/// Every call is a `functions/call` with the service name, authorized by the user's access token
/// and governed by the server's rules for the collection.
public struct MongoClient: Sendable {
    public let user: User
    public let serviceName: String

    public func database(_ name: String) -> MongoDatabase { MongoDatabase(client: self, name: name) }
}

public struct MongoDatabase: Sendable {
    public let client: MongoClient
    public let name: String

    public func collection(_ name: String) -> MongoCollection { MongoCollection(database: self, name: name) }
}

extension User {
    /// Data access through the named service (`mongodb-atlas`).
    public func mongoClient(_ serviceName: String) -> MongoClient { MongoClient(user: self, serviceName: serviceName) }
}
