import RosterWire

/// What sort of value a custom data field holds, as the editor names it: its type column, and
/// the words it uses when a change turns one sort into another ("favoriteNumber: text → number").
public enum ValueKind: String, Sendable, Equatable {
    case text, number, boolean, null, list, object, date
    /// An Extended JSON value other than a number or a date (an object id, binary data, …).
    case typed

    public init(of value: JSONValue) {
        switch value {
        case .string: self = .text
        case .int, .double: self = .number
        case .bool: self = .boolean
        case .null: self = .null
        case .array: self = .list
        case .object(let fields):
            guard fields.count == 1, let key = fields.keys.first, key.hasPrefix("$") else {
                self = .object
                return
            }
            switch key {
            case "$numberInt", "$numberLong", "$numberDouble", "$numberDecimal": self = .number
            case "$date": self = .date
            default: self = .typed
            }
        }
    }

    /// The kind in a sentence: "a number", "an object", "text".
    public var phrase: String {
        switch self {
        case .text, .null: rawValue
        case .object: "an object"
        case .typed: "a typed value"
        default: "a " + rawValue
        }
    }

    /// The word shown in the editor's type column.
    public var word: String { self == .typed ? "typed" : rawValue }
}
