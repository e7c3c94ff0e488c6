import Foundation

/// JSON whose objects keep the order their fields were written in. `JSONValue` forgets it,
/// which is right for documents; a MongoDB sort specification (`{"age": -1, "name": 1}`) means
/// something different in another order, so the data service reads its arguments this way too.
///
///     let spec = try OrderedJSON(parsing: #"{"age": -1, "name": 1}"#)
///     spec.fields?.map(\.key) // ["age", "name"]
///     spec.value // the same as JSONValue(parsing:)
public indirect enum OrderedJSON: Sendable, Hashable {
    /// null, a boolean, a number or a string.
    case scalar(JSONValue)
    case array([OrderedJSON])
    case object([Field])

    public struct Field: Sendable, Hashable {
        public var key: String
        public var value: OrderedJSON
        public init(key: String, value: OrderedJSON) {
            self.key = key
            self.value = value
        }
    }

    /// Parses JSON text as `JSONValue(parsing:)` does, keeping field order.
    public init(parsing data: Data) throws {
        var parser = JSONParser(data)
        self = try parser.parseDocument(as: OrderedJSON.self)
    }

    public init(parsing text: String) throws {
        var parser = JSONParser(text.utf8)
        self = try parser.parseDocument(as: OrderedJSON.self)
    }

    /// The same JSON with field order forgotten (a repeated key keeps its last value, as
    /// `JSONValue(parsing:)` does).
    public var value: JSONValue {
        switch self {
        case .scalar(let value): value
        case .array(let items): .array(items.map(\.value))
        case .object(let fields): .object(Dictionary(fields.map { ($0.key, $0.value.value) }, uniquingKeysWith: { _, last in last }))
        }
    }

    /// The fields in order, when this is an object.
    public var fields: [Field]? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    /// The value under `key` when this is an object (the last one written, as in `value`).
    public subscript(key: String) -> OrderedJSON? {
        fields?.last { $0.key == key }?.value
    }

    /// The items, when this is an array.
    public var items: [OrderedJSON]? {
        if case .array(let items) = self { return items }
        return nil
    }
}

extension OrderedJSON: JSONTree {
    static func makeObject(_ fields: [(String, OrderedJSON)]) -> OrderedJSON {
        .object(fields.map { Field(key: $0.0, value: $0.1) })
    }
    static func makeArray(_ items: [OrderedJSON]) -> OrderedJSON { .array(items) }
    static func makeScalar(_ value: JSONValue) -> OrderedJSON { .scalar(value) }
}

extension JSONValue: JSONTree {
    static func makeObject(_ fields: [(String, JSONValue)]) -> JSONValue {
        .object(Dictionary(fields, uniquingKeysWith: { _, last in last }))
    }
    static func makeArray(_ items: [JSONValue]) -> JSONValue { .array(items) }
    static func makeScalar(_ value: JSONValue) -> JSONValue { value }
}

extension OrderedJSON {
    /// Ordered JSON of a value whose order was not kept: fields in sorted order.
    public init(_ value: JSONValue) {
        switch value {
        case .array(let items): self = .array(items.map(OrderedJSON.init))
        case .object(let fields): self = .object(fields.keys.sorted().map { Field(key: $0, value: OrderedJSON(fields[$0]!)) })
        default: self = .scalar(value)
        }
    }
}

extension OrderedJSON {
    /// Compact JSON in the fields' own order (what `JSONValue.compactText` does with sorted keys).
    public var compactText: String {
        switch self {
        case .scalar(let value): value.compactText
        case .array(let items): "[" + items.map(\.compactText).joined(separator: ",") + "]"
        case .object(let fields):
            "{" + fields.map { JSONValue.string($0.key).compactText + ":" + $0.value.compactText }.joined(separator: ",") + "}"
        }
    }
}

/// Literals keep the order they are written in, so a sort specification reads as it means:
///
///     let sort: OrderedJSON = ["age": -1, "name": 1]
extension OrderedJSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .scalar(.null) }
    public init(booleanLiteral value: Bool) { self = .scalar(.bool(value)) }
    public init(integerLiteral value: Int64) { self = .scalar(.int(value)) }
    public init(floatLiteral value: Double) { self = .scalar(.double(value)) }
    public init(stringLiteral value: String) { self = .scalar(.string(value)) }
    public init(arrayLiteral elements: OrderedJSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, OrderedJSON)...) {
        self = .object(elements.map { Field(key: $0.0, value: $0.1) })
    }
}
