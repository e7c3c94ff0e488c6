/// A JSON document that keeps what it was given: integers stay integers, doubles stay doubles,
/// and `null`, booleans, strings, arrays and nested objects round-trip unchanged.
///
/// Custom user data, profiles and provider payloads are all carried as `JSONValue`:
///
///     let data: JSONValue = ["favoriteColor": "green", "age": 42, "tags": ["a", "b"]]
///     data["favoriteColor"]?.stringValue // "green"
///     try JSONValue(parsing: #"{"n": 1.5}"#)["n"] // .double(1.5)
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue {
    /// The value under `key` when this is an object; `nil` otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields[key]
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var intValue: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// A number of either kind, as a double.
    public var numberValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var isNull: Bool { self == .null }

    /// The empty object, `{}`.
    public static let emptyObject = JSONValue.object([:])
}

/// Through `Codable` (JWT claims, bodies with embedded documents) a double whose value is whole
/// is written in extended JSON, `{"$numberDouble": "1.0"}`, because JSON coders print `1.0` as
/// `1`; decoding turns `$numberDouble`, `$numberInt` and `$numberLong` back into numbers, so
/// documents survive a round trip through any JSON coder.
extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode(JSONObject.self) {
            self = Self.fromExtendedJSON(value) ?? .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a JSON value")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value) where !value.isFinite || value.rounded() == value:
            try container.encode(["$numberDouble": Self.extendedDoubleText(value)])
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The document as its `Codable` form writes it: a whole or non-finite double as
    /// `{"$numberDouble": "1.0"}`, at any depth. What a JSON parser reads from it,
    /// `readingCodableForm` turns back into this document.
    public var codableForm: JSONValue {
        switch self {
        case .double(let value) where !value.isFinite || value.rounded() == value:
            .object(["$numberDouble": .string(Self.extendedDoubleText(value))])
        case .array(let items): .array(items.map(\.codableForm))
        case .object(let fields): .object(fields.mapValues(\.codableForm))
        default: self
        }
    }

    /// The document a `Codable` form stands for, as decoding reads it: `$numberDouble`,
    /// `$numberInt` and `$numberLong` become numbers again, at any depth.
    public var readingCodableForm: JSONValue {
        switch self {
        case .array(let items): return .array(items.map(\.readingCodableForm))
        case .object(let fields):
            let read = fields.mapValues(\.readingCodableForm)
            return Self.fromExtendedJSON(read) ?? .object(read)
        default: return self
        }
    }

    private static func extendedDoubleText(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return String(describing: value)
    }

    private static func fromExtendedJSON(_ fields: JSONObject) -> JSONValue? {
        guard fields.count == 1, let (key, value) = fields.first, case .string(let text) = value else { return nil }
        switch key {
        case "$numberDouble":
            switch text {
            case "NaN": return .double(.nan)
            case "Infinity": return .double(.infinity)
            case "-Infinity": return .double(-.infinity)
            default: return Double(text).map(JSONValue.double)
            }
        case "$numberInt", "$numberLong": return Int64(text).map(JSONValue.int)
        default: return nil
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}
