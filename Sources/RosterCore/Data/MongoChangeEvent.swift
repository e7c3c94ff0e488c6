import Foundation
import RosterWire

/// One change of a watched collection, as a change stream tells it (`MongoCollection.watch`):
/// what happened, to which document, and the document after it (for an insert, update or
/// replacement), with the fields an update set and removed.
public struct MongoChangeEvent: Sendable, Equatable {
    /// `insert`, `update`, `replace` or `delete`; any other the server sends is kept by name.
    public struct OperationType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let insert = OperationType(rawValue: "insert")
        public static let update = OperationType(rawValue: "update")
        public static let replace = OperationType(rawValue: "replace")
        public static let delete = OperationType(rawValue: "delete")
        public var description: String { rawValue }
    }

    public var operationType: OperationType
    /// The changed document's `_id`.
    public var documentId: JSONValue
    public var database: String
    public var collection: String
    public var fullDocument: JSONValue?
    public var updatedFields: JSONObject
    public var removedFields: [String]
    /// The resume token: the change's place among the server's changes.
    public var resumeToken: JSONValue
    /// The whole event as the server sent it (relaxed Extended JSON).
    public var event: JSONValue

    /// The event a stream's `data` line holds; `RosterError.malformedResponse` when it is not one.
    public init(parsing text: String) throws {
        guard let event = try? JSONValue(parsing: Data(text.utf8)), case .object(let fields) = event,
            let operation = fields["operationType"]?.stringValue
        else { throw RosterError.malformedResponse("a change stream sent something that is not a change event") }
        self.event = event
        operationType = OperationType(rawValue: operation)
        documentId = fields["documentKey"]?["_id"] ?? .null
        database = fields["ns"]?["db"]?.stringValue ?? ""
        collection = fields["ns"]?["coll"]?.stringValue ?? ""
        fullDocument = fields["fullDocument"].flatMap { $0.isNull ? nil : $0 }
        updatedFields = fields["updateDescription"]?["updatedFields"]?.objectValue ?? [:]
        removedFields = (fields["updateDescription"]?["removedFields"]?.arrayValue ?? []).compactMap(\.stringValue)
        resumeToken = fields["_id"] ?? .null
    }
}
