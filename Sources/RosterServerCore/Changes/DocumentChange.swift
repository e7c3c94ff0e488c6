import Foundation
import RosterWire

/// One document written, as change streams tell it: which document, how it changed, and its body
/// before and after (compact canonical JSON, as stored). Made by the store in the transaction
/// that wrote it (`DocumentChangeRule`) and published once it is committed, in commit order.
package struct DocumentChange: Sendable, Equatable {
    package enum Operation: String, Sendable, CaseIterable {
        case insert, update, replace, delete
    }

    /// Where the change stands among the server's changes: it increases in commit order, and is
    /// the change event's resume token. 0 until the store publishes it.
    package var sequence: UInt64
    package var appId: String
    package var database: String
    package var collection: String
    /// The document's `_id` as a key (`DocumentKey`).
    package var key: String
    package var operation: Operation
    /// The body before the write; nil for an insert.
    package var before: String?
    /// The body after the write; nil for a delete.
    package var after: String?
    package var time: Date

    package init(
        sequence: UInt64 = 0, appId: String, database: String, collection: String, key: String, operation: Operation,
        before: String?, after: String?, time: Date
    ) {
        self.sequence = sequence
        self.appId = appId
        self.database = database
        self.collection = collection
        self.key = key
        self.operation = operation
        self.before = before
        self.after = after
        self.time = time
    }

    /// The change as `document_changes` keeps it: compact JSON without its sequence (the row's).
    /// Written with Roster's own JSON writer, before the transaction that stores it.
    package var text: String {
        var fields: JSONObject = [
            "appId": .string(appId), "database": .string(database), "collection": .string(collection), "key": .string(key),
            "operation": .string(operation.rawValue), "time": .int(Int64((time.timeIntervalSince1970 * 1000).rounded())),
        ]
        if let before { fields["before"] = .string(before) }
        if let after { fields["after"] = .string(after) }
        return JSONValue.object(fields).compactText
    }

    /// A change as `text` wrote it, numbered `sequence`; nil for a row it did not write.
    package init?(text: String, sequence: UInt64) {
        guard let fields = (try? JSONValue(parsing: text))?.objectValue, let appId = fields["appId"]?.stringValue,
            let database = fields["database"]?.stringValue, let collection = fields["collection"]?.stringValue,
            let key = fields["key"]?.stringValue, let operation = fields["operation"]?.stringValue.flatMap(Operation.init(rawValue:)),
            let time = fields["time"]?.intValue
        else { return nil }
        self.init(
            sequence: sequence, appId: appId, database: database, collection: collection, key: key, operation: operation,
            before: fields["before"]?.stringValue, after: fields["after"]?.stringValue, time: Date(timeIntervalSince1970: Double(time) / 1000))
    }
}
