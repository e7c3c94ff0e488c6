import RosterWire

/// The rules of one data source (`data_sources/<service>/`): the default rule that covers every
/// collection without a rule of its own (`default_rule.json`), and each collection's rules
/// (`<database>/<collection>/rules.json`) with its schema (`schema.json`) kept beside them.
public struct AppServiceRules: Codable, Sendable, Equatable {
    public var service: String
    public var defaultRoles: [AppRole]?
    /// The id the Admin API names the default rule by, when it was given one.
    public var defaultRuleId: String?
    public var collections: [AppCollectionRule]

    public init(service: String, defaultRoles: [AppRole]? = nil, collections: [AppCollectionRule] = []) {
        self.service = service
        self.defaultRoles = defaultRoles
        self.collections = collections
    }
}

/// One collection's rules: its roles, taken in order (the first whose `apply_when` matches
/// applies), its query filters, and its schema as written.
public struct AppCollectionRule: Codable, Sendable, Equatable {
    /// The id the Admin API names it by (24 hex digits), when it was given one.
    public var id: String?
    public var database: String
    public var collection: String
    public var roles: [AppRole]
    /// The collection's `filters` (each with `apply_when` and a `query` or `projection`), as written.
    public var filters: [JSONValue]
    /// The collection's `schema.json`, as written (read and kept; not validated against).
    public var schema: JSONValue?

    public init(database: String, collection: String, roles: [AppRole], filters: [JSONValue] = [], schema: JSONValue? = nil, id: String? = nil) {
        self.id = id
        self.database = database
        self.collection = collection
        self.roles = roles
        self.filters = filters
        self.schema = schema
    }
}

/// An App Services role: when it applies, which documents it reaches (`document_filters`) and
/// what it may do with them. Each permission is `true`, `false` or an expression, kept as JSON.
public struct AppRole: Codable, Sendable, Equatable {
    public var name: String
    public var applyWhen: JSONValue
    /// `document_filters`: `read` and `write`, each `true`, `false` or a query.
    public var readFilter: JSONValue?
    public var writeFilter: JSONValue?
    public var read: JSONValue?
    public var write: JSONValue?
    public var insert: JSONValue?
    public var delete: JSONValue?
    public var search: JSONValue?
    /// Per-field `read`/`write` (`fields`), and for every other field (`additional_fields`).
    public var fields: JSONValue?
    public var additionalFields: JSONValue?

    public init(
        name: String, applyWhen: JSONValue = .emptyObject, readFilter: JSONValue? = nil, writeFilter: JSONValue? = nil,
        read: JSONValue? = nil, write: JSONValue? = nil, insert: JSONValue? = nil, delete: JSONValue? = nil,
        search: JSONValue? = nil, fields: JSONValue? = nil, additionalFields: JSONValue? = nil
    ) {
        self.name = name
        self.applyWhen = applyWhen
        self.readFilter = readFilter
        self.writeFilter = writeFilter
        self.read = read
        self.write = write
        self.insert = insert
        self.delete = delete
        self.search = search
        self.fields = fields
        self.additionalFields = additionalFields
    }
}
