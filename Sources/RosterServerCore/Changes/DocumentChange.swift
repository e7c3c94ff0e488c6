import Foundation

/// One document written, as change streams tell it: which document, how it changed, and its body
/// before and after (compact canonical JSON, as stored). Made by the store in the transaction
/// that wrote it (`DocumentChangeRule`) and published once it is committed, in commit order.
package struct DocumentChange: Sendable, Equatable, Codable {
    package enum Operation: String, Sendable, Codable, CaseIterable {
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
}
