import Foundation
import RosterWire

/// What a document write puts in its row besides the body, the same for every store driver:
/// the owner column (the collection's owner field, when it holds a string), and, for a
/// replacement, the `_id` of the document it replaces.
///
///     let row = DocumentWriteRule.replacement(of: existing, with: record, ownerField: "userId")
package enum DocumentWriteRule {
    /// A replacement's row: the existing document with the new body, or the new record.
    package enum Replacement: Sendable, Equatable {
        case update(DocumentRecord)
        case insert(DocumentRecord)
    }

    /// The owner column of a body: its owner field's value when that is a string.
    package static func owner(of body: String, field: String?) -> String? {
        guard let field, let row = try? JSONValue(parsing: body), case .string(let owner)? = row[field] else { return nil }
        return owner
    }

    /// `record` with the owner column its body gives it.
    package static func owned(_ record: DocumentRecord, ownerField: String?) -> DocumentRecord {
        var record = record
        record.owner = owner(of: record.body, field: ownerField)
        return record
    }

    /// Replacing the selected document (`existing`, nil when none is selected) with `record`:
    /// the existing one keeps its `_id` and takes the new body; with none, `record` is inserted.
    package static func replacement(of existing: DocumentRecord?, with record: DocumentRecord, ownerField: String?) -> Replacement {
        guard var existing else { return .insert(owned(record, ownerField: ownerField)) }
        existing.body = DocumentKey.body(record.body, keeping: existing.id)
        return .update(owned(existing, ownerField: ownerField))
    }
}
