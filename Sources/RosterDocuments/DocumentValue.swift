import Foundation
import RosterWire

/// A BSON type as MongoDB names and numbers it for `$type`. Int32 and Int64 are both `.int` in
/// a `JSONValue`; the type says `int` when the value fits in 32 bits and `long` otherwise.
///
///     JSONValue.int(5).bsonType // .int
///     JSONValue.object(["$oid": "…"]).bsonType // .objectId
///     BSONType(name: "date") // .date
public enum BSONType: Int, Sendable, CaseIterable {
    case double = 1, string = 2, object = 3, array = 4, binData = 5, objectId = 7, bool = 8, date = 9
    case null = 10, regex = 11, int = 16, long = 18, decimal = 19

    /// MongoDB's alias for the type (`"objectId"`, `"binData"`, …), as `$type` takes it.
    public var name: String {
        switch self {
        case .double: "double"
        case .string: "string"
        case .object: "object"
        case .array: "array"
        case .binData: "binData"
        case .objectId: "objectId"
        case .bool: "bool"
        case .date: "date"
        case .null: "null"
        case .regex: "regex"
        case .int: "int"
        case .long: "long"
        case .decimal: "decimal"
        }
    }

    /// The type with this alias, if it is one a `JSONValue` can hold.
    public init?(name: String) {
        guard let type = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = type
    }

    /// Whether the type is one of the numbers (`$type: "number"`).
    public var isNumber: Bool { self == .double || self == .int || self == .long || self == .decimal }
}

extension JSONValue {
    /// The BSON type of a value in the canonical form (`ExtendedJSON.canonical`): a typed
    /// wrapper (`{"$oid": …}`, `{"$date": …}`, …) is its type, any other object an object.
    public var bsonType: BSONType {
        switch self {
        case .null: return .null
        case .bool: return .bool
        case .int(let value): return Int32(exactly: value) == nil ? .long : .int
        case .double: return .double
        case .string: return .string
        case .array: return .array
        case .object: return typedWrapper?.type ?? .object
        }
    }

    /// Whether this is one of the canonical single-key wrappers that stand for a value
    /// (ObjectId, date, Decimal128, binary, regular expression, non-finite double) rather than
    /// an embedded document.
    public var isTypedValue: Bool { typedWrapper != nil }

    /// The wrapper's type and its content, when this is a canonical typed value.
    var typedWrapper: (type: BSONType, content: JSONValue)? {
        guard case .object(let fields) = self, fields.count == 1, let (key, content) = fields.first else { return nil }
        switch (key, content) {
        case ("$oid", .string(let hex)) where hex.utf8.count == 24 && hex.utf8.allSatisfy(\.isLowerHex):
            return (.objectId, content)
        case ("$date", .int): return (.date, content)
        case ("$numberDecimal", .string): return (.decimal, content)
        case ("$numberDouble", .string(let text)) where ["NaN", "Infinity", "-Infinity"].contains(text):
            return (.double, content)
        case ("$binary", .object(let binary)) where binary.count == 2 && binary["base64"]?.stringValue != nil
            && binary["subType"]?.stringValue != nil:
            return (.binData, content)
        case ("$regularExpression", .object(let regex)) where regex.count == 2 && regex["pattern"]?.stringValue != nil
            && regex["options"]?.stringValue != nil:
            return (.regex, content)
        default: return nil
        }
    }

    /// The value as a number when it is one: an int, a double, a non-finite double wrapper or a
    /// Decimal128 (by its Double value).
    var documentNumber: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        case .object:
            guard let (type, content) = typedWrapper, let text = content.stringValue else { return nil }
            switch type {
            case .double: return DocumentOrder.nonFinite(text)
            case .decimal: return DocumentOrder.nonFinite(text) ?? Double(text)
            default: return nil
            }
        default: return nil
        }
    }
}

extension UInt8 {
    fileprivate var isLowerHex: Bool { (0x30...0x39).contains(self) || (0x61...0x66).contains(self) }
}

/// MongoDB's order over values of every type, the one `$gt`, `$lt` and sorts use:
/// null < numbers < strings < objects < arrays < binData < objectId < bool < date < regex.
/// Numbers compare by value across int, double and decimal (NaN lowest); strings by their
/// UTF-8 bytes; objects field by field in their order (name, then value); arrays element by element.
///
///     DocumentOrder.compare(1, 1.0) // 0
///     DocumentOrder.compare("b", 2) // 1: strings come after numbers
///     DocumentOrder.compare([1, 2], [1, 3]) // -1
public enum DocumentOrder {
    /// -1, 0 or 1 as `a` sorts before, with or after `b`.
    public static func compare(_ a: JSONValue, _ b: JSONValue) -> Int {
        let (left, right) = (bracket(a), bracket(b))
        if left != right { return left < right ? -1 : 1 }
        switch left {
        case 0: return 0
        case 1: return compareNumbers(a, b)
        case 2: return compareBytes(a.stringValue!, b.stringValue!)
        case 3: return compareFields(Array(a.objectValue!), Array(b.objectValue!))
        case 4: return compareFields(a.arrayValue!.enumerated().map { (String($0.offset), $0.element) },
                                     b.arrayValue!.enumerated().map { (String($0.offset), $0.element) })
        case 5: return compareBinary(a.typedWrapper!.content, b.typedWrapper!.content)
        case 6: return compareBytes(a.typedWrapper!.content.stringValue!, b.typedWrapper!.content.stringValue!)
        case 7: return sign(a.boolValue! == b.boolValue! ? 0 : (a.boolValue! ? 1 : -1))
        case 8: return sign(a.typedWrapper!.content.intValue!, b.typedWrapper!.content.intValue!)
        default:
            let (x, y) = (a.typedWrapper!.content, b.typedWrapper!.content)
            let pattern = compareBytes(x["pattern"]!.stringValue!, y["pattern"]!.stringValue!)
            return pattern != 0 ? pattern : compareBytes(x["options"]!.stringValue!, y["options"]!.stringValue!)
        }
    }

    /// The place of a value's type in the order; numbers of every kind share one.
    static func bracket(_ value: JSONValue) -> Int {
        switch value.bsonType {
        case .null: 0
        case .double, .int, .long, .decimal: 1
        case .string: 2
        case .object: 3
        case .array: 4
        case .binData: 5
        case .objectId: 6
        case .bool: 7
        case .date: 8
        case .regex: 9
        }
    }

    static func nonFinite(_ text: String) -> Double? {
        switch text {
        case "NaN", "-NaN": .nan
        case "Infinity", "+Infinity", "Inf": .infinity
        case "-Infinity", "-Inf": -.infinity
        default: nil
        }
    }

    /// Numbers by value; two ints exactly, an int and a double without rounding the int.
    private static func compareNumbers(_ a: JSONValue, _ b: JSONValue) -> Int {
        if case .int(let x) = a, case .int(let y) = b { return sign(x, y) }
        let (x, y) = (a.documentNumber!, b.documentNumber!)
        if x.isNaN || y.isNaN { return x.isNaN ? (y.isNaN ? 0 : -1) : 1 }
        if case .int(let i) = a, case .double = b { return compareIntDouble(i, y) }
        if case .double = a, case .int(let j) = b { return -compareIntDouble(j, x) }
        return x < y ? -1 : (x > y ? 1 : 0)
    }

    private static func compareIntDouble(_ i: Int64, _ d: Double) -> Int {
        if d >= 9_223_372_036_854_775_808.0 { return -1 }
        if d < -9_223_372_036_854_775_808.0 { return 1 }
        let whole = d.rounded(.down)
        let truncated = Int64(whole)
        if i != truncated { return i < truncated ? -1 : 1 }
        return whole < d ? -1 : 0
    }

    private static func compareBytes(_ a: String, _ b: String) -> Int {
        if a.utf8.elementsEqual(b.utf8) { return 0 }
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
    }

    /// BSON compares embedded documents element by element: the type of the value first, then
    /// the field name, then the value; a document that ends first is smaller.
    private static func compareFields(_ a: [(key: String, value: JSONValue)], _ b: [(key: String, value: JSONValue)]) -> Int {
        for (x, y) in zip(a, b) {
            let (left, right) = (bracket(x.value), bracket(y.value))
            if left != right { return left < right ? -1 : 1 }
            let name = compareBytes(x.key, y.key)
            if name != 0 { return name }
            let value = compare(x.value, y.value)
            if value != 0 { return value }
        }
        return sign(a.count, b.count)
    }

    /// Binary data by length, then subtype, then bytes, as BSON orders it.
    private static func compareBinary(_ a: JSONValue, _ b: JSONValue) -> Int {
        let x = Data(base64Encoded: a["base64"]!.stringValue!) ?? Data()
        let y = Data(base64Encoded: b["base64"]!.stringValue!) ?? Data()
        if x.count != y.count { return sign(x.count, y.count) }
        let subtype = compareBytes(a["subType"]!.stringValue!.lowercased(), b["subType"]!.stringValue!.lowercased())
        if subtype != 0 { return subtype }
        if x == y { return 0 }
        return x.lexicographicallyPrecedes(y) ? -1 : 1
    }

    private static func sign<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a > b ? 1 : 0) }
    private static func sign(_ value: Int) -> Int { value }
}

extension JSONValue {
    /// Equal as MongoDB compares values: numbers by value (1 equals 1.0), objects field by
    /// field in their order (`{a: 1, b: 2}` is not `{b: 2, a: 1}`), arrays element by element.
    public func sameValue(as other: JSONValue) -> Bool {
        DocumentOrder.compare(self, other) == 0
    }
}
