/// A JSON document of an app's collection, stored generically: the body is compact JSON text in
/// the canonical form of `ExtendedJSON`, `_id` included. Custom user data is the document whose
/// user-id field equals the user's id.
package struct DocumentRecord: Codable, Sendable, Equatable {
    package var appId: String
    package var database: String
    package var collection: String
    /// The document's `_id` as a key (see `DocumentKey`).
    package var id: String
    package var body: String
    /// The value of the collection's owner field (a rule's or custom user data's user-id field)
    /// when it is a string: the store fills it in on every write and indexes it, so a user's
    /// own documents are an index seek.
    package var owner: String? = nil

    package init(appId: String, database: String, collection: String, id: String, body: String, owner: String? = nil) {
        self.appId = appId
        self.database = database
        self.collection = collection
        self.id = id
        self.body = body
        self.owner = owner
    }
}

/// Where a document is looked up: a collection and a top-level string field with a value.
package struct DocumentSelector: Sendable, Equatable {
    package var appId: String
    package var database: String
    package var collection: String
    package var field: String
    package var value: String

    package init(appId: String, database: String, collection: String, field: String, value: String) {
        self.appId = appId
        self.database = database
        self.collection = collection
        self.field = field
        self.value = value
    }
}

/// The documents data access looks at: a collection, narrowed to a top-level field's string
/// value when the rule says which (a user's own documents), and to one `_id` when the query
/// names it. Both narrowings are index seeks.
package struct DocumentScope: Sendable, Equatable {
    package var appId: String
    package var database: String
    package var collection: String
    package var field: String? = nil
    package var value: String? = nil
    /// The key (`DocumentKey`) of the one document the query can match.
    package var idKey: String? = nil

    package init(appId: String, database: String, collection: String, field: String? = nil, value: String? = nil, idKey: String? = nil) {
        self.appId = appId
        self.database = database
        self.collection = collection
        self.field = field
        self.value = value
        self.idKey = idKey
    }
}

/// Which field of a collection the store keeps in the indexed `owner` column.
package struct OwnerField: Sendable, Equatable {
    package var appId: String
    package var database: String
    package var collection: String
    package var field: String

    package init(appId: String, database: String, collection: String, field: String) {
        self.appId = appId
        self.database = database
        self.collection = collection
        self.field = field
    }
}

/// What one data access operation writes.
package struct DocumentWrites: Sendable, Equatable {
    package var inserts: [DocumentRecord] = []
    package var updates: [DocumentRecord] = []
    package var deletes: [String] = []
    /// The updates are whole new bodies (a replacement) rather than operators' work, which
    /// change streams tell apart.
    package var replacing = false

    package init(inserts: [DocumentRecord] = [], updates: [DocumentRecord] = [], deletes: [String] = [], replacing: Bool = false) {
        self.inserts = inserts
        self.updates = updates
        self.deletes = deletes
        self.replacing = replacing
    }
}

/// A document's `_id` is taken.
package struct DuplicateDocumentId: Error, Equatable {
    package let id: String

    package init(id: String) {
        self.id = id
    }
}
