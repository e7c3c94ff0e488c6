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

/// The documents data access looks at: a collection, narrowed to a top-level field's string
/// value when the query or the rule says which (a user's own documents).
struct DocumentScope: Sendable, Equatable {
    var appId: String
    var database: String
    var collection: String
    var field: String? = nil
    var value: String? = nil
}

/// What one data access operation writes.
struct DocumentWrites: Sendable, Equatable {
    var inserts: [DocumentRecord] = []
    var updates: [DocumentRecord] = []
    var deletes: [String] = []
}

/// A document's `_id` is taken.
struct DuplicateDocumentId: Error, Equatable {
    let id: String
}
