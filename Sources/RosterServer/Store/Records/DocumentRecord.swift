/// A JSON document of an app's collection, stored generically: the body is compact JSON text.
/// Custom user data is the document whose user-id field equals the user's id.
struct DocumentRecord: Codable, Sendable, Equatable {
    var appId: String
    var database: String
    var collection: String
    /// The document's `_id`.
    var id: String
    var body: String
}

/// Where a document is looked up: a collection and a top-level string field with a value.
struct DocumentSelector: Sendable, Equatable {
    var appId: String
    var database: String
    var collection: String
    var field: String
    var value: String
}
