import RosterWire

extension JSONValue {
    /// How deeply objects and arrays nest: 0 for a plain value.
    public var depth: Int {
        switch self {
        case .object(let fields): 1 + (fields.values.map(\.depth).max() ?? 0)
        case .array(let items): 1 + (items.map(\.depth).max() ?? 0)
        default: 0
        }
    }
}
