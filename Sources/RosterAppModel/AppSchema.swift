import RosterWire

/// One collection's schema as the Admin API stores it (`schemas`): the data source, database and
/// collection it describes, the JSON Schema (`schema`) and the links to other collections
/// (`relationships`), kept as written. Roster validates no document against it.
public struct AppSchema: Codable, Sendable, Equatable {
    public var id: String?
    /// The name of the data source service.
    public var service: String
    public var database: String
    public var collection: String
    public var schema: JSONValue
    public var relationships: JSONValue

    public init(
        service: String, database: String, collection: String, schema: JSONValue = .emptyObject,
        relationships: JSONValue = .emptyObject, id: String? = nil
    ) {
        self.id = id
        self.service = service
        self.database = database
        self.collection = collection
        self.schema = schema
        self.relationships = relationships
    }
}
