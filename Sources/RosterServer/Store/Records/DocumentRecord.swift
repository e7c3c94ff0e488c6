/// A JSON document of an app's collection, stored generically: the body is compact JSON text in
/// the canonical form of `ExtendedJSON`, `_id` included. Custom user data is the document whose
/// user-id field equals the user's id.
struct DocumentRecord: Codable, Sendable, Equatable {
    var appId: String
    var database: String
    var collection: String
    /// The document's `_id` as a key (see `DocumentKey`).
    var id: String
    var body: String
    /// The value of the collection's owner field (a rule's or custom user data's user-id field)
    /// when it is a string: the store fills it in on every write and indexes it, so a user's
    /// own documents are an index seek.
    var owner: String? = nil
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
/// value when the rule says which (a user's own documents), and to one `_id` when the query
/// names it. Both narrowings are index seeks.
struct DocumentScope: Sendable, Equatable {
    var appId: String
    var database: String
    var collection: String
    var field: String? = nil
    var value: String? = nil
    /// The key (`DocumentKey`) of the one document the query can match.
    var idKey: String? = nil
}

/// Which field of a collection the store keeps in the indexed `owner` column.
struct OwnerField: Sendable, Equatable {
    var appId: String
    var database: String
    var collection: String
    var field: String
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
