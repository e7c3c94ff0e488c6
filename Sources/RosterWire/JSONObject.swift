import OrderedCollections

/// A JSON object's fields in the order they were written, as MongoDB keeps a document's: the
/// parser keeps the text's order, a new field goes at the end, and the writer prints them in
/// order. It reads like a dictionary (`fields["name"]`, `keys`, `mapValues`, `for (key, value)`).
///
/// Two objects are equal when they have the same fields with equal values, whatever their
/// order, so a document compares as it did when order was not kept; `hasSameOrder(as:)` is the
/// comparison that minds it.
///
///     var fields: JSONObject = ["name": "Alice", "age": 42]
///     fields["city"] = "Lyon"          // added at the end
///     fields["name"] = "Bob"           // replaced in place
///     fields.keys                      // ["name", "age", "city"]
public struct JSONObject: Sendable {
    @usableFromInline var storage: OrderedDictionary<String, JSONValue>

    public init() { storage = [:] }

    @inlinable init(storage: OrderedDictionary<String, JSONValue>) { self.storage = storage }

    /// The fields of a dictionary, which has no order of its own: in sorted key order, so the
    /// same dictionary always makes the same object.
    public init(_ dictionary: [String: JSONValue]) {
        storage = OrderedDictionary(uniqueKeysWithValues: dictionary.sorted { $0.key < $1.key })
    }

    /// Fields in the order given; a key given twice keeps its first place and its last value,
    /// as a parser reads `{"a": 1, "a": 2}`.
    public init<S: Sequence>(_ fields: S) where S.Element == (String, JSONValue) {
        storage = [:]
        for (key, value) in fields { storage[key] = value }
    }

    public init<S: Sequence>(uniqueKeysWithValues fields: S) where S.Element == (String, JSONValue) {
        storage = OrderedDictionary(uniqueKeysWithValues: fields)
    }

    /// The value under `key`; setting one adds it at the end when it is new, or replaces it in
    /// place; setting `nil` removes it.
    @inlinable public subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set { storage[key] = newValue }
    }

    @inlinable public subscript(key: String, default value: @autoclosure () -> JSONValue) -> JSONValue {
        get { storage[key] ?? value() }
        set { storage[key] = newValue }
    }

    /// The keys, in order.
    @inlinable public var keys: OrderedSet<String> { storage.keys }
    /// The values, in the keys' order.
    @inlinable public var values: [JSONValue] { Array(storage.values) }
    @inlinable public var count: Int { storage.count }
    @inlinable public var isEmpty: Bool { storage.isEmpty }
    /// Adds or replaces a field (replacing keeps its place); the old value, if there was one.
    @discardableResult
    @inlinable public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        storage.updateValue(value, forKey: key)
    }

    @discardableResult
    @inlinable public mutating func removeValue(forKey key: String) -> JSONValue? {
        storage.removeValue(forKey: key)
    }

    /// Sets the field and puts it first, wherever it was (MongoDB keeps `_id` first).
    public mutating func setFirst(_ key: String, _ value: JSONValue) {
        storage.removeValue(forKey: key)
        storage.updateValue(value, forKey: key, insertingAt: 0)
    }

    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        JSONObject(storage: try storage.mapValues(transform))
    }

    /// The fields `isIncluded` keeps, in order.
    public func filter(_ isIncluded: ((key: String, value: JSONValue)) throws -> Bool) rethrows -> JSONObject {
        JSONObject(storage: try storage.filter(isIncluded))
    }

    /// These fields, then `other`'s new ones at the end; a key in both takes `combine`'s value in
    /// its first place.
    public func merging(_ other: JSONObject, uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        JSONObject(storage: try storage.merging(other.storage, uniquingKeysWith: combine))
    }

    public mutating func merge(_ other: JSONObject, uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue) rethrows {
        try storage.merge(other.storage, uniquingKeysWith: combine)
    }

    /// Whether the two have the same fields with equal values in the same order, at any depth.
    public func hasSameOrder(as other: JSONObject) -> Bool {
        guard storage.keys == other.storage.keys else { return false }
        return zip(storage.values, other.storage.values).allSatisfy { $0.hasSameOrder(as: $1) }
    }
}

extension JSONObject: RandomAccessCollection {
    public typealias Element = (key: String, value: JSONValue)
    public typealias Index = Int
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { storage.count }
    @inlinable public subscript(position: Int) -> (key: String, value: JSONValue) { storage.elements[position] }
}

extension JSONObject: Hashable {
    /// Equal fields with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs.storage {
            guard let other = rhs.storage[key], other == value else { return false }
        }
        return true
    }

    /// Order-blind, as `==` is: the fields' own hashes are summed.
    public func hash(into hasher: inout Hasher) {
        var sum = 0
        for (key, value) in storage {
            var field = Hasher()
            field.combine(key)
            field.combine(value)
            sum &+= field.finalize()
        }
        hasher.combine(count)
        hasher.combine(sum)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Literal fields keep the order they are written in; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}

extension JSONObject: Codable {
    private struct FieldKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// A JSON decoder keeps no order (its keyed containers are dictionaries): the fields come
    /// in sorted order, the same every time. Roster's own parser keeps the text's order.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FieldKey.self)
        self.init()
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) { storage[key.stringValue] = try container.decode(JSONValue.self, forKey: key) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        for (key, value) in storage { try container.encode(value, forKey: FieldKey(stringValue: key)) }
    }
}

extension JSONObject: CustomStringConvertible {
    public var description: String { JSONValue.object(self).compactText }
}

extension JSONValue {
    /// Whether the two are equal with every object's fields in the same order.
    public func hasSameOrder(as other: JSONValue) -> Bool {
        switch (self, other) {
        case (.object(let a), .object(let b)): a.hasSameOrder(as: b)
        case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.hasSameOrder(as: $1) }
        default: self == other
        }
    }
}
