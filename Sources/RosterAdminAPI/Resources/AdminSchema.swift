import RosterAppModel
import RosterWire

/// A collection's schema as the Admin API reads and writes it (`schemas`): `{"_id",
/// "metadata": {"data_source", "database", "collection"}, "schema", "relationships"}`,
/// stored as written. realm-core's suite makes one per object type.
public struct AdminSchema: Codable, Sendable, Equatable {
    public var id: String?
    public var metadata: Metadata
    public var schema: JSONValue?
    public var relationships: JSONValue?

    public struct Metadata: Codable, Sendable, Equatable {
        public var dataSource: String
        public var database: String
        public var collection: String

        enum CodingKeys: String, CodingKey { case dataSource = "data_source", database, collection }

        public init(dataSource: String, database: String, collection: String) {
            self.dataSource = dataSource
            self.database = database
            self.collection = collection
        }
    }

    enum CodingKeys: String, CodingKey { case id = "_id", metadata, schema, relationships }

    public init(id: String? = nil, metadata: Metadata, schema: JSONValue? = nil, relationships: JSONValue? = nil) {
        self.id = id
        self.metadata = metadata
        self.schema = schema
        self.relationships = relationships
    }

    public init(_ schema: AppSchema) {
        self.init(
            id: Self.id(of: schema), metadata: Metadata(dataSource: schema.service, database: schema.database, collection: schema.collection),
            schema: schema.schema, relationships: schema.relationships)
    }

    /// The model's schema, checked against the app: a data source it has, a database, a
    /// collection, and objects for `schema` and `relationships`.
    func appSchema(id: String, in app: AppModel) throws(AdminResourceError) -> AppSchema {
        guard !metadata.dataSource.isEmpty else { throw .missing("metadata.data_source") }
        guard app.services.contains(where: { $0.name == metadata.dataSource && $0.isDataSource }) else {
            throw .invalid("metadata.data_source", "names no data source service of the app ('\(metadata.dataSource)')")
        }
        guard !metadata.database.isEmpty else { throw .missing("metadata.database") }
        guard !metadata.collection.isEmpty else { throw .missing("metadata.collection") }
        let schema = self.schema ?? .emptyObject
        guard schema.objectValue != nil else { throw .invalid("schema", "must be an object") }
        let relationships = self.relationships ?? .emptyObject
        guard relationships.objectValue != nil || relationships == .null else { throw .invalid("relationships", "must be an object") }
        return AppSchema(
            service: metadata.dataSource, database: metadata.database, collection: metadata.collection, schema: schema,
            relationships: relationships == .null ? .emptyObject : relationships, id: id)
    }

    /// Adds the schema as `id`; a collection that has one is refused.
    public func create(id: String) -> AppEdit {
        let body = self
        return { app in
            let schema = try body.appSchema(id: id, in: app)
            if app.schemas.contains(where: { $0.service == schema.service && $0.database == schema.database && $0.collection == schema.collection }) {
                throw AdminResourceError.duplicate(
                    "SchemaAlreadyExists", "a schema for '\(schema.database).\(schema.collection)' of '\(schema.service)' already exists")
            }
            app.schemas.append(schema)
        }
    }

    /// Replaces the schema `id` (`PUT schemas/{id}`).
    public func update(id: String) -> AppEdit {
        let body = self
        return { app in
            let index = try AdminSchema.index(of: id, in: app)
            let schema = try body.appSchema(id: app.schemas[index].id ?? id, in: app)
            if app.schemas.indices.contains(where: {
                $0 != index && app.schemas[$0].service == schema.service && app.schemas[$0].database == schema.database
                    && app.schemas[$0].collection == schema.collection
            }) {
                throw AdminResourceError.duplicate("SchemaAlreadyExists", "a schema for '\(schema.database).\(schema.collection)' already exists")
            }
            app.schemas[index] = schema
        }
    }

    public static func delete(id: String) -> AppEdit {
        { app in app.schemas.remove(at: try index(of: id, in: app)) }
    }

    public static func find(id: String, in app: AppModel) throws(AdminResourceError) -> AdminSchema {
        AdminSchema(app.schemas[try index(of: id, in: app)])
    }

    static func id(of schema: AppSchema) -> String {
        AdminObjectID.resolve(schema.id, kind: "schema", name: "\(schema.service)/\(schema.database)/\(schema.collection)")
    }

    static func index(of id: String, in app: AppModel) throws(AdminResourceError) -> Int {
        guard let index = app.schemas.firstIndex(where: { Self.id(of: $0) == id }) else { throw .notFound("SchemaNotFound", "schema", id: id) }
        return index
    }
}
