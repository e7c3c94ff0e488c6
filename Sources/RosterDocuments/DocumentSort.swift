import RosterWire

/// A MongoDB sort specification, `{field: 1 | -1, …}`, applied in the order its fields were
/// written. Values compare across types in `DocumentOrder`; a missing field sorts as null; an
/// array field sorts by its smallest element ascending and its largest descending (an empty
/// array before null); documents that compare equal keep their order.
///
///     let sort = try DocumentSort.parse(["age": -1, "name": 1])
///     sort?.sorted(documents) // oldest first, then by name
public struct DocumentSort: Sendable {
    public struct Key: Sendable, Equatable {
        public let path: DocumentPath
        public let ascending: Bool
    }

    public let keys: [Key]

    /// MongoDB's limit on the fields of a sort.
    public static let maximumKeys = 32

    /// Reads a specification; nil when there is none, or it is empty.
    public static func parse(_ spec: JSONValue?) throws(DocumentError) -> DocumentSort? {
        guard let spec, spec != .null else { return nil }
        guard case .object(let fields) = spec else { throw .invalid("a sort must be an object of fields and 1 or -1") }
        guard !fields.isEmpty else { return nil }
        guard fields.count <= maximumKeys else { throw .limit("a sort takes at most \(maximumKeys) fields") }
        var keys: [Key] = []
        for field in fields {
            let path = try DocumentPath(field.key)
            keys.append(Key(path: path, ascending: try direction(field.value, path: path)))
        }
        return DocumentSort(keys: keys)
    }

    private static func direction(_ value: JSONValue, path: DocumentPath) throws(DocumentError) -> Bool {
        let plain = try ExtendedJSON.canonical(value)
        if case .object(let fields) = plain, fields["$meta"] != nil {
            throw .invalid("sorting by $meta ('\(path.description.prefix(64))') is not supported")
        }
        switch plain.numberValue {
        case 1: return true
        case -1: return false
        default: throw .invalid("the sort order of '\(path.description.prefix(64))' must be 1 or -1")
        }
    }

    /// The documents in the sort's order; stable.
    public func sorted(_ documents: [JSONValue]) -> [JSONValue] {
        let decorated = documents.enumerated().map { offset, document in
            (offset: offset, keys: keys.map { SortValue(document, $0) }, document: document)
        }
        return decorated.sorted { left, right in
            for (index, key) in keys.enumerated() {
                let order = left.keys[index].compare(right.keys[index])
                if order != 0 { return key.ascending ? order < 0 : order > 0 }
            }
            return left.offset < right.offset
        }.map(\.document)
    }

    /// The value a document sorts by for one key.
    private enum SortValue {
        /// An empty array: before null, in either direction's order of values.
        case empty
        case value(JSONValue)

        init(_ document: JSONValue, _ key: Key) {
            var candidates: [SortValue] = []
            for found in DocumentQuery.values(along: key.path.parts[...], in: document, expandingLeafArrays: false) {
                switch found {
                case nil: candidates.append(.value(.null))
                case .array(let items)?:
                    if items.isEmpty { candidates.append(.empty) } else { candidates += items.map(SortValue.value) }
                case let value?: candidates.append(.value(value))
                }
            }
            guard var best = candidates.first else {
                self = .value(.null)
                return
            }
            for candidate in candidates.dropFirst() {
                let order = candidate.compare(best)
                if key.ascending ? order < 0 : order > 0 { best = candidate }
            }
            self = best
        }

        func compare(_ other: SortValue) -> Int {
            switch (self, other) {
            case (.empty, .empty): 0
            case (.empty, .value): -1
            case (.value, .empty): 1
            case (.value(let left), .value(let right)): DocumentOrder.compare(left, right)
            }
        }
    }
}
