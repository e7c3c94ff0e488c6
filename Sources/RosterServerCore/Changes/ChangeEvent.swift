import Foundation
import RosterDocuments
import RosterWire

/// A change event as MongoDB's change streams write it, from a `DocumentChange`:
///
///     {"_id": {"_data": "000000000000002a"}, "operationType": "update",
///      "wallTime": {"$date": "2026-11-29T18:00:00Z"}, "fullDocument": {"_id": 7, "n": 2},
///      "ns": {"db": "shop", "coll": "orders"}, "documentKey": {"_id": 7},
///      "updateDescription": {"updatedFields": {"n": 2}, "removedFields": ["note"], "truncatedArrays": []}}
///
/// `_id` is the resume token (the change's sequence, 16 hex digits); `fullDocument` is the
/// document after an insert, a replacement or an update (as App Services sends it), absent after
/// a delete. `updatedFields` and `removedFields` compare the top-level fields before and after:
/// a change inside a nested document names its top-level field with the whole new value.
package enum ChangeEvent {
    /// The change's bodies as documents and its event, in the engine's form and as sent.
    package static func read(_ change: DocumentChange) -> PublishedChange.Read {
        let before = change.before.flatMap { document($0, key: change.key) }
        let after = change.after.flatMap { document($0, key: change.key) }
        let event = self.event(change, before: before, after: after)
        return PublishedChange.Read(before: before, after: after, event: event, text: ExtendedJSON.relaxed(event).compactText)
    }

    /// `updateDescription`: for an update, what to send in place of the one `before` and
    /// `after` make.
    package static func event(_ change: DocumentChange, before: JSONObject?, after: JSONObject?, updateDescription: JSONValue? = nil) -> JSONValue {
        // In MongoDB's order: _id, operationType, wallTime, fullDocument, ns, documentKey, updateDescription.
        var event: JSONObject = [
            "_id": resumeToken(change.sequence),
            "operationType": .string(change.operation.rawValue),
            "wallTime": ["$date": .int(Int64((change.time.timeIntervalSince1970 * 1000).rounded(.down)))],
        ]
        if change.operation != .delete, let after { event["fullDocument"] = .object(after) }
        event["ns"] = ["db": .string(change.database), "coll": .string(change.collection)]
        event["documentKey"] = ["_id": after?["_id"] ?? before?["_id"] ?? DocumentKey.id(ofKey: change.key)]
        if change.operation == .update {
            event["updateDescription"] = updateDescription ?? self.updateDescription(before: before ?? [:], after: after ?? [:])
        }
        return .object(event)
    }

    /// The fields an update set (new or different) and those it removed, at the top level.
    package static func updateDescription(before: JSONObject, after: JSONObject) -> JSONValue {
        var updated: JSONObject = [:]
        for (field, value) in after where field != "_id" {
            if let old = before[field], old == value { continue }
            updated[field] = value
        }
        let removed = before.keys.filter { after[$0] == nil }.map(JSONValue.string)
        return ["updatedFields": .object(updated), "removedFields": .array(removed), "truncatedArrays": []]
    }

    /// The resume token of the change numbered `sequence`.
    package static func resumeToken(_ sequence: UInt64) -> JSONValue {
        let hex = String(sequence, radix: 16)
        return ["_data": .string(String(repeating: "0", count: max(0, 16 - hex.count)) + hex)]
    }

    /// A stored body as a document, `_id` from its key when the body lacks it.
    private static func document(_ body: String, key: String) -> JSONObject? {
        guard var fields = (try? JSONValue(parsing: body))?.objectValue else { return nil }
        if fields["_id"] == nil { fields.setFirst("_id", DocumentKey.id(ofKey: key)) }
        return fields
    }
}
