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

extension AppRole {
    /// App Services' keys, as `rules.json` and `default_rule.json` write a role.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, applyWhen = "apply_when", documentFilters = "document_filters", read, write, insert, delete, search, fields
        case additionalFields = "additional_fields"
    }

    private enum FilterKeys: String, CodingKey, CaseIterable { case read, write }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A role as App Services writes it; a key App Services does not know is refused by name.
    public init(from decoder: any Decoder) throws {
        let known = Set(CodingKeys.allCases.map(\.rawValue))
        let any = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = any.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw DecodingError.dataCorruptedError(
                forKey: AnyKey(stringValue: unknown), in: any,
                debugDescription: "unknown key (known here: \(known.sorted().joined(separator: ", ")))")
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func value(_ key: CodingKeys) throws -> JSONValue? {
            let value = try container.decodeIfPresent(JSONValue.self, forKey: key)
            return value == .null ? nil : value
        }
        var readFilter: JSONValue?
        var writeFilter: JSONValue?
        if container.contains(.documentFilters), try container.decodeNil(forKey: .documentFilters) == false {
            let filters = try container.nestedContainer(keyedBy: FilterKeys.self, forKey: .documentFilters)
            readFilter = try filters.decodeIfPresent(JSONValue.self, forKey: .read)
            writeFilter = try filters.decodeIfPresent(JSONValue.self, forKey: .write)
        }
        self.init(
            name: try container.decodeIfPresent(String.self, forKey: .name) ?? "", applyWhen: try value(.applyWhen) ?? .emptyObject,
            readFilter: readFilter, writeFilter: writeFilter, read: try value(.read), write: try value(.write),
            insert: try value(.insert), delete: try value(.delete), search: try value(.search), fields: try value(.fields),
            additionalFields: try value(.additionalFields))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(applyWhen, forKey: .applyWhen)
        if readFilter != nil || writeFilter != nil {
            var filters = container.nestedContainer(keyedBy: FilterKeys.self, forKey: .documentFilters)
            try filters.encodeIfPresent(readFilter, forKey: .read)
            try filters.encodeIfPresent(writeFilter, forKey: .write)
        }
        try container.encodeIfPresent(read, forKey: .read)
        try container.encodeIfPresent(write, forKey: .write)
        try container.encodeIfPresent(insert, forKey: .insert)
        try container.encodeIfPresent(delete, forKey: .delete)
        try container.encodeIfPresent(search, forKey: .search)
        try container.encodeIfPresent(fields, forKey: .fields)
        try container.encodeIfPresent(additionalFields, forKey: .additionalFields)
    }
}
