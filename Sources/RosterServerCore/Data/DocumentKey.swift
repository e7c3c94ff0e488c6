import RosterDocuments
import RosterWire

/// A document's `_id` as the store keys it: an ObjectId by its 24 hex digits, a string as
/// itself, any other value (a number, a date, a 24-hex-digit string) as \u{1} and its compact
/// canonical JSON, so no two distinct ids share a key. The body keeps the typed `_id` too.
///
///     DocumentKey.key(of: ["$oid": "65f0c0ffee0000000000beef"]) // "65f0c0ffee0000000000beef"
///     DocumentKey.id(ofKey: "joe") // "joe"
package enum DocumentKey {
    package static let maximumBytes = 1024
    private static let typedMark: Character = "\u{1}"

    /// The key of an `_id`; arrays, regular expressions and oversized ids are refused.
    package static func key(of id: JSONValue) throws(ErrorResponse) -> String {
        switch id {
        case .array, .null:
            throw .invalidParameter("_id may not be an array or null")
        case .object(let fields) where fields["$regularExpression"] != nil:
            throw .invalidParameter("_id may not be a regular expression")
        case .object(let fields) where fields.count == 1 && fields["$oid"]?.stringValue != nil:
            return fields["$oid"]!.stringValue!
        case .string(let text) where !isObjectIdText(text) && !text.hasPrefix(String(typedMark)):
            guard !text.isEmpty, text.utf8.count <= maximumBytes else {
                throw .invalidParameter("a string _id must be 1 to \(maximumBytes) bytes")
            }
            return text
        default:
            let text = String(typedMark) + id.compactText
            guard text.utf8.count <= maximumBytes else { throw .invalidParameter("_id is longer than \(maximumBytes) bytes") }
            return text
        }
    }

    /// The `_id` a key stands for.
    package static func id(ofKey key: String) -> JSONValue {
        if isObjectIdText(key) { return ["$oid": .string(key.lowercased())] }
        if key.first == typedMark, let value = try? JSONValue(parsing: String(key.dropFirst())) { return value }
        return .string(key)
    }

    /// A stored document, `_id` included (rows written before bodies held `_id` get it from
    /// their key).
    package static func document(_ record: DocumentRecord) -> JSONObject {
        var fields = (try? JSONValue(parsing: record.body))?.objectValue ?? [:]
        if fields["_id"] == nil { fields.setFirst("_id", id(ofKey: record.id)) }
        return fields
    }

    /// `body` with the `_id` of `key`: a replaced document keeps its id.
    package static func body(_ body: String, keeping key: String) -> String {
        var fields = (try? JSONValue(parsing: body))?.objectValue ?? [:]
        fields.setFirst("_id", id(ofKey: key))
        return JSONValue.object(fields).compactText
    }

    private static func isObjectIdText(_ text: String) -> Bool {
        text.utf8.count == 24 && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) || ($0 >= 65 && $0 <= 70) }
    }
}
