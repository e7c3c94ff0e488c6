import Foundation

/// The changes a document write makes, the same for every store driver: each insert, update
/// (or replacement) and delete of `writes`, with the body it had as read (`expected`) and the
/// body it has now. The store calls it inside the transaction and publishes what it answers
/// once the transaction commits.
///
///     let changes = DocumentChangeRule.changes(scope, expected: ["joe": #"{"_id":"joe","n":1}"#], writes, at: now)
package enum DocumentChangeRule {
    package static func changes(_ scope: DocumentScope, expected: [String: String], _ writes: DocumentWrites, at time: Date)
        -> [DocumentChange]
    {
        func change(_ key: String, _ operation: DocumentChange.Operation, before: String?, after: String?) -> DocumentChange {
            DocumentChange(
                appId: scope.appId, database: scope.database, collection: scope.collection, key: key, operation: operation,
                before: before, after: after, time: time)
        }
        var changes: [DocumentChange] = []
        changes.reserveCapacity(writes.inserts.count + writes.updates.count + writes.deletes.count)
        for record in writes.inserts { changes.append(change(record.id, .insert, before: nil, after: record.body)) }
        for record in writes.updates {
            changes.append(change(record.id, writes.replacing ? .replace : .update, before: expected[record.id], after: record.body))
        }
        for key in writes.deletes { changes.append(change(key, .delete, before: expected[key], after: nil)) }
        return changes
    }

    /// The change a replacement by selector makes (custom user data written whole).
    package static func change(_ replacement: DocumentWriteRule.Replacement, replacing existing: DocumentRecord?, at time: Date)
        -> DocumentChange
    {
        switch replacement {
        case .insert(let record):
            DocumentChange(
                appId: record.appId, database: record.database, collection: record.collection, key: record.id, operation: .insert,
                before: nil, after: record.body, time: time)
        case .update(let record):
            DocumentChange(
                appId: record.appId, database: record.database, collection: record.collection, key: record.id, operation: .replace,
                before: existing?.body, after: record.body, time: time)
        }
    }
}
