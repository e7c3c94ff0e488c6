import RosterDocuments
import RosterWire

extension CollectionRoles {
    /// A change event as this user may see it on a change stream, or nil when it is not for
    /// them: judged with `readable`, as every read is, on the document after an insert, an update
    /// or a replacement (its `fullDocument` the fields the role reads there), and on the document
    /// as it was before a delete (a delete of a document the user could read is sent; it carries
    /// only the `_id`). An update's `updatedFields` name only fields the role reads in the new
    /// document, with the values it reads, and `removedFields` only fields it read before.
    ///
    ///     let event = try roles.changeEvent(change, before: old, after: new)  // nil: not sent
    package func changeEvent(_ change: DocumentChange, before: JSONObject?, after: JSONObject?) throws -> JSONValue? {
        switch change.operation {
        case .delete:
            guard let before, try readable(before) != nil else { return nil }
            return ChangeEvent.event(change, before: before, after: nil)
        case .insert, .replace:
            guard let after, let shown = try readable(after) else { return nil }
            return ChangeEvent.event(change, before: nil, after: shown)
        case .update:
            guard let after, let shown = try readable(after) else { return nil }
            let before = before ?? [:]
            let shownBefore = try readable(before) ?? [:]
            var updated = JSONObject()
            for (field, value) in shown where field != "_id" {
                if let old = before[field], old == after[field] { continue }
                updated[field] = value
            }
            let removed = shownBefore.keys.filter { after[$0] == nil }.map(JSONValue.string)
            let description: JSONValue = ["updatedFields": .object(updated), "removedFields": .array(removed), "truncatedArrays": []]
            return ChangeEvent.event(change, before: nil, after: shown, updateDescription: description)
        }
    }
}
