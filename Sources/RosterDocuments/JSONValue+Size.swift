import RosterWire

extension JSONValue {
    /// Whether this value, written as JSON, would take more than `limit` bytes: a walk that adds
    /// up strings, keys and punctuation and stops as soon as it passes the limit, so an answer
    /// too large to send is refused before any of it is written. (A value that shares its parts,
    /// a field projected a thousand times, is small in memory and large on the wire.)
    public func isLarger(thanBytes limit: Int) -> Bool {
        var total = 0
        return Self.adds(self, to: &total, limit: limit)
    }

    /// Adds the value's size to `total`; true once `total` passes `limit`.
    private static func adds(_ value: JSONValue, to total: inout Int, limit: Int) -> Bool {
        switch value {
        case .string(let text): total += text.utf8.count + 2
        case .array(let items):
            total += 2
            for item in items where adds(item, to: &total, limit: limit) { return true }
        case .object(let fields):
            total += 2
            for (key, field) in fields {
                total += key.utf8.count + 4
                if adds(field, to: &total, limit: limit) { return true }
            }
        default: total += 8
        }
        return total > limit
    }
}
