import RosterWire

/// A dotted path to a field of a document: `preferences.theme` is `theme` inside
/// `preferences`. A part that is a number indexes an array when it meets one.
public struct DocumentPath: Sendable, Hashable, CustomStringConvertible {
    public let parts: [String]

    public static let maximumParts = 32

    public init(_ text: String) throws(DocumentError) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !text.isEmpty, parts.count <= Self.maximumParts, parts.allSatisfy({ !$0.isEmpty }) else {
            throw .invalid("'\(text.prefix(64))' is not a field path")
        }
        guard !parts.contains(where: { $0.hasPrefix("$") }) else {
            throw .invalid("field names may not start with '$' ('\(text.prefix(64))')")
        }
        self.parts = parts
    }

    public var description: String { parts.joined(separator: ".") }
    public var topLevel: String { parts[0] }

    /// The value at the path, or nil when the document has none there.
    public func value(in document: JSONValue) -> JSONValue? {
        var current = document
        for part in parts {
            switch current {
            case .object(let fields):
                guard let next = fields[part] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(part), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The document with `value` at the path, making objects on the way; a path through a value
    /// that is not an object is refused.
    public func setting(_ value: JSONValue, in document: JSONObject) throws(DocumentError) -> JSONObject {
        try Self.set(value, at: parts[...], in: document, path: self)
    }

    /// The document without the field at the path (unchanged when it has none).
    public func removing(from document: JSONObject) -> JSONObject {
        Self.remove(parts[...], from: document)
    }

    private static func set(_ value: JSONValue, at parts: ArraySlice<String>, in fields: JSONObject, path: DocumentPath)
        throws(DocumentError) -> JSONObject
    {
        var fields = fields
        let head = parts.first!
        if parts.count == 1 {
            fields[head] = value
            return fields
        }
        let inner: JSONObject
        switch fields[head] {
        case nil, .null?: inner = [:]
        case .object(let existing)?: inner = existing
        default: throw .invalid("cannot set '\(path)': '\(head)' is not an object")
        }
        fields[head] = .object(try set(value, at: parts.dropFirst(), in: inner, path: path))
        return fields
    }

    private static func remove(_ parts: ArraySlice<String>, from fields: JSONObject) -> JSONObject {
        var fields = fields
        let head = parts.first!
        if parts.count == 1 {
            fields[head] = nil
        } else if case .object(let inner)? = fields[head] {
            fields[head] = .object(remove(parts.dropFirst(), from: inner))
        }
        return fields
    }
}
