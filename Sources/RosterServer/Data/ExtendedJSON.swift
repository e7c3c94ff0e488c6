import RosterWire

/// MongoDB extended JSON as the SDKs speak it. What clients send may use canonical wrappers
/// (`{"$numberInt": "5"}`, `{"$oid": "…"}`); Roster reads them as plain values. What it answers
/// is relaxed: plain numbers, with a document's `_id` as `{"$oid": "…"}`.
enum ExtendedJSON {
    /// `value` with canonical wrappers read as plain values: numbers as numbers, an ObjectId as
    /// its hex string.
    static func plain(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let fields):
            if fields.count == 1, let (key, wrapped) = fields.first, let text = wrapped.stringValue {
                switch key {
                case "$oid": return .string(text)
                case "$numberInt", "$numberLong": if let number = Int64(text) { return .int(number) }
                case "$numberDouble": if let number = Double(text) { return .double(number) }
                default: break
                }
            }
            return .object(fields.mapValues(plain))
        case .array(let items):
            return .array(items.map(plain))
        default:
            return value
        }
    }

    /// An id as the SDKs read it: an ObjectId (24 hex digits) as `{"$oid": …}`, anything else as is.
    static func id(_ id: String) -> JSONValue {
        id.utf8.count == 24 && id.allSatisfy(\.isHexDigit) ? .object(["$oid": .string(id)]) : .string(id)
    }

    /// A stored document with its `_id`.
    static func document(id: String, body: [String: JSONValue]) -> JSONValue {
        var fields = body
        fields["_id"] = Self.id(id)
        return .object(fields)
    }
}
