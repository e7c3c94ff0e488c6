import Foundation
import RosterWire

/// An update's operators as a tree of the paths they write, the way MongoDB applies them: one
/// operator per path, none on a path another one passes through ("Updating the path 'a.b'
/// would create a conflict at 'a'"), `$[…]` parts below array nodes, `$` below the object node
/// whose field holds the array the query matched.
struct UpdateTree {
    typealias Operation = DocumentUpdate.Operation

    /// A child's name in its parent node.
    enum Key: Hashable {
        case field(String)
        case positional
        case allPositional
        case filtered(String)

        init(_ part: UpdatePath.Part) {
            switch part {
            case .field(let name): self = .field(name)
            case .positional: self = .positional
            case .allPositional: self = .allPositional
            case .filteredPositional(let identifier, _): self = .filtered(identifier)
            }
        }

        var text: String {
            switch self {
            case .field(let name): name
            case .positional: "$"
            case .allPositional: "$[]"
            case .filtered(let identifier): "$[\(identifier)]"
            }
        }
    }

    /// An operator at the end of a path; a `$rename` has one at its target and a placeholder
    /// at its source (which it removes).
    struct Leaf {
        let operation: Operation
        let isRenameSource: Bool
    }

    indirect enum Node {
        case leaf(Leaf)
        /// Fields (and `$`) of a document, or indexes of an array met on the way.
        case object([Key: Node])
        /// `$[]` and `$[<identifier>]` of an array.
        case array([Key: Node])
    }

    private(set) var root: [Key: Node] = [:]
    /// The array filter identifiers the paths use, with their filters.
    private(set) var filters: [String: DocumentQuery] = [:]
    var identifiers: Set<String> { Set(filters.keys) }

    mutating func insert(_ operation: Operation) throws(DocumentError) {
        if case .rename(let source, _) = operation {
            try insert(Leaf(operation: operation, isRenameSource: true), at: source)
        }
        try insert(Leaf(operation: operation, isRenameSource: false), at: operation.path)
    }

    private mutating func insert(_ leaf: Leaf, at path: UpdatePath) throws(DocumentError) {
        for case .filteredPositional(let identifier, let filter) in path.parts { filters[identifier] = filter }
        try Self.insert(leaf, at: path, from: 0, into: &root)
    }

    private static func insert(_ leaf: Leaf, at path: UpdatePath, from index: Int, into children: inout [Key: Node]) throws(DocumentError) {
        let key = Key(path.parts[index])
        guard index < path.parts.count - 1 else {
            guard children[key] == nil else { throw conflict(path, at: path.parts.count) }
            children[key] = .leaf(leaf)
            return
        }
        let wantsArray = path.parts[index + 1].isArrayUpdate
        var grandchildren: [Key: Node]
        switch children[key] {
        case nil: grandchildren = [:]
        case .object(let existing)? where !wantsArray: grandchildren = existing
        case .array(let existing)? where wantsArray: grandchildren = existing
        default: throw conflict(path, at: index + 1)
        }
        try insert(leaf, at: path, from: index + 1, into: &grandchildren)
        children[key] = wantsArray ? .array(grandchildren) : .object(grandchildren)
    }

    private static func conflict(_ path: UpdatePath, at count: Int) -> DocumentError {
        let prefix = path.description.split(separator: ".", omittingEmptySubsequences: false).prefix(count).joined(separator: ".")
        return .invalid("Updating the path '\(path.description.prefix(64))' would create a conflict at '\(prefix.prefix(64))'")
    }

    // MARK: Applying

    /// What an update needs besides the tree: the document as it was, the query that found it
    /// (for `$`), whether it is an upsert's insert, the time, and the values `$rename` moves.
    struct Context {
        let original: JSONObject
        let query: DocumentQuery
        let inserting: Bool
        let now: Date
        let operations: [Operation]
        let filters: [String: DocumentQuery]
        /// The value at each `$rename` source that exists, by source path.
        private(set) var renamed: JSONObject = [:]

        init(original: JSONObject, query: DocumentQuery, inserting: Bool, now: Date, operations: [Operation],
             filters: [String: DocumentQuery]) {
            self.original = original
            self.query = query
            self.inserting = inserting
            self.now = now
            self.operations = operations
            self.filters = filters
        }

        /// Finds each `$rename` source: a missing one makes the rename do nothing; one inside
        /// an array, or behind a value that is neither a document nor an array, is refused.
        func resolvingRenames() throws(DocumentError) -> Context {
            var context = self
            for case .rename(let source, _) in operations {
                if let value = try Self.renameSource(source, in: original) { context.renamed[source.description] = value }
            }
            return context
        }

        private static func renameSource(_ source: UpdatePath, in document: JSONObject) throws(DocumentError) -> JSONValue? {
            var current = JSONValue.object(document)
            var taken: [String] = []
            var arrayOnTheWay: String?
            for case .field(let part) in source.parts {
                switch current {
                case .object(let fields) where !current.isTypedValue:
                    guard let next = fields[part] else { return nil }
                    current = next
                case .array(let items):
                    guard let index = UpdateTree.arrayIndex(part) else { throw traverseError(part, source, taken, current) }
                    guard index < items.count else { return nil }
                    arrayOnTheWay = arrayOnTheWay ?? taken.joined(separator: ".")
                    current = items[index]
                default:
                    throw traverseError(part, source, taken, current)
                }
                taken.append(part)
            }
            if let arrayOnTheWay {
                throw .invalid("the source field for $rename cannot be an array element ('\(source.description.prefix(64))' is inside the array '\(arrayOnTheWay.prefix(64))')")
            }
            return current
        }

        private static func traverseError(_ part: String, _ path: UpdatePath, _ taken: [String], _ value: JSONValue) -> DocumentError {
            .invalid("cannot use the part '\(part.prefix(32))' of '\(path.description.prefix(64))' to traverse '\(taken.joined(separator: ".").prefix(64))', which is \(UpdateTree.describe(value.bsonType))")
        }

        /// The index of the array element the query matched in the array at `path`.
        func matchedIndex(at path: [String]) throws(DocumentError) -> Int? {
            guard !inserting, let arrayPath = try? DocumentPath(path.joined(separator: ".")) else { return nil }
            return try query.matchedArrayIndex(in: .object(original), arrayPath: arrayPath)
        }
    }

    /// Where a node applies: an existing value, a path the document does not have yet, or a
    /// path that cannot exist (a field of a number, a name in an array).
    enum Slot {
        case value(JSONValue)
        case missing
        /// The value at `path` (of `type`) cannot hold `part`.
        case blocked(path: [String], part: String, type: BSONType)

        var value: JSONValue? {
            if case .value(let value) = self { return value }
            return nil
        }
    }

    func apply(to document: JSONObject, context: Context) throws(DocumentError) -> JSONObject {
        let result = try Self.applyObject(root, to: .value(.object(document)), at: [], inArray: false, context)
        return result?.objectValue ?? [:]
    }

    /// The new value where the node applies (nil: none, or removed).
    private static func apply(_ node: Node, to slot: Slot, at path: [String], inArray: Bool, _ context: Context) throws(DocumentError)
        -> JSONValue?
    {
        switch node {
        case .leaf(let leaf): try applyLeaf(leaf, to: slot, at: path, inArray: inArray, context)
        case .object(let children): try applyObject(children, to: slot, at: path, inArray: inArray, context)
        case .array(let children): try applyArray(children, to: slot, at: path, context)
        }
    }

    private static func applyObject(_ children: [Key: Node], to slot: Slot, at path: [String], inArray: Bool, _ context: Context)
        throws(DocumentError) -> JSONValue?
    {
        var children = children
        if let positional = children.removeValue(forKey: .positional) {
            guard let index = try context.matchedIndex(at: path) else {
                throw .invalid("The positional operator did not find the match needed from the query.")
            }
            let key = Key.field(String(index))
            children[key] = try children[key].map { existing throws(DocumentError) in
                try merge(positional, existing, at: path + [String(index)])
            } ?? positional
        }
        let ordered = children.map { (name: $0.key.text, node: $0.value) }.sorted { fieldOrder($0.name, $1.name) }
        switch slot {
        case .value(.object(var fields)) where !(slot.value?.isTypedValue ?? false):
            for (name, node) in ordered {
                fields[name] = try apply(node, to: fields[name].map(Slot.value) ?? .missing, at: path + [name], inArray: inArray, context)
            }
            return .object(fields)
        case .value(.array(var items)):
            for (name, node) in ordered {
                guard let index = arrayIndex(name) else {
                    _ = try apply(node, to: .blocked(path: path, part: name, type: .array), at: path + [name], inArray: true, context)
                    continue
                }
                if index < items.count {
                    items[index] = try apply(node, to: .value(items[index]), at: path + [name], inArray: true, context) ?? .null
                } else if let created = try apply(node, to: .missing, at: path + [name], inArray: true, context) {
                    guard index - items.count <= maximumPadding else {
                        throw .limit("cannot pad the array '\(path.joined(separator: ".").prefix(64))' with more than \(maximumPadding) elements")
                    }
                    items.append(contentsOf: repeatElement(.null, count: index - items.count))
                    items.append(created)
                }
            }
            return .array(items)
        case .value(let value):
            for (name, node) in ordered {
                _ = try apply(node, to: .blocked(path: path, part: name, type: value.bsonType), at: path + [name], inArray: inArray, context)
            }
            return value
        case .missing:
            var created: JSONObject = [:]
            for (name, node) in ordered {
                if let value = try apply(node, to: .missing, at: path + [name], inArray: inArray, context) { created[name] = value }
            }
            return created.isEmpty ? nil : .object(created)
        case .blocked:
            for (name, node) in ordered { _ = try apply(node, to: slot, at: path + [name], inArray: inArray, context) }
            return nil
        }
    }

    private static func applyArray(_ children: [Key: Node], to slot: Slot, at path: [String], _ context: Context) throws(DocumentError)
        -> JSONValue?
    {
        let where_ = path.joined(separator: ".").prefix(64)
        guard case .value(let value) = slot else {
            throw .invalid("the path '\(where_)' must exist in the document in order to apply array updates")
        }
        guard case .array(var items) = value else {
            throw .invalid("cannot apply array updates to '\(where_)', which is not an array (\(value.bsonType.name))")
        }
        let ordered = children.sorted { $0.key.text < $1.key.text }
        for index in items.indices {
            let elementPath = path + [String(index)]
            var merged: Node?
            for (key, node) in ordered where try matches(key, items[index], context) {
                if let previous = merged { merged = try merge(previous, node, at: elementPath) } else { merged = node }
            }
            guard let merged else { continue }
            items[index] = try apply(merged, to: .value(items[index]), at: elementPath, inArray: true, context) ?? .null
        }
        return .array(items)
    }

    private static func matches(_ key: Key, _ element: JSONValue, _ context: Context) throws(DocumentError) -> Bool {
        switch key {
        case .filtered(let identifier): try context.filters[identifier]?.matches(.object([identifier: element])) ?? false
        default: true
        }
    }

    /// Two updates of one array element, as one: documents and arrays merge field by field;
    /// anything else is the same place written twice.
    private static func merge(_ left: Node, _ right: Node, at path: [String]) throws(DocumentError) -> Node {
        switch (left, right) {
        case (.object(let x), .object(let y)): .object(try mergeChildren(x, y, at: path))
        case (.array(let x), .array(let y)): .array(try mergeChildren(x, y, at: path))
        default: throw .invalid("Update created a conflict at '\(path.joined(separator: ".").prefix(64))'")
        }
    }

    private static func mergeChildren(_ left: [Key: Node], _ right: [Key: Node], at path: [String]) throws(DocumentError) -> [Key: Node] {
        var merged = left
        for (key, node) in right {
            if let existing = merged[key] { merged[key] = try merge(existing, node, at: path + [key.text]) } else { merged[key] = node }
        }
        return merged
    }

    private static func applyLeaf(_ leaf: Leaf, to slot: Slot, at path: [String], inArray: Bool, _ context: Context) throws(DocumentError)
        -> JSONValue?
    {
        let operation = leaf.operation
        let field = path.joined(separator: ".")
        if case .setOnInsert = operation, !context.inserting { return slot.value }
        if case .rename(let source, _) = operation {
            guard let moved = context.renamed[source.description] else { return slot.value }
            if leaf.isRenameSource { return nil }
            if case .blocked(let at, let part, let type) = slot, type != .array {
                throw .invalid("cannot create field '\(part.prefix(32))' in '\(at.joined(separator: ".").prefix(64))', which is \(describe(type))")
            }
            guard !inArray else {
                throw .invalid("the destination field for $rename cannot be an array element ('\(field.prefix(64))')")
            }
            return moved
        }
        switch slot {
        case .blocked(let at, let part, let type):
            if case .unset = operation { return nil }
            let holder = at.joined(separator: ".").prefix(64)
            if UpdateModifier.creates(operation) {
                throw .invalid("cannot create field '\(part.prefix(32))' in '\(holder)', which is \(describe(type))")
            }
            throw .invalid("cannot use the part '\(part.prefix(32))' of '\(field.prefix(64))' to traverse '\(holder)', which is \(describe(type))")
        case .missing:
            return try UpdateModifier.create(operation, at: field, context)
        case .value(let value):
            return try UpdateModifier.update(value, with: operation, at: field, context)
        }
    }

    /// MongoDB's limit on the nulls a write past an array's end may add.
    static let maximumPadding = 1_500_000

    /// The index a path part names in an array: decimal digits only.
    static func arrayIndex(_ part: String) -> Int? {
        guard !part.isEmpty, part.utf8.count <= 18, part.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(part)
    }

    /// Children in the order MongoDB applies them: numeric names by value, then the others.
    private static func fieldOrder(_ a: String, _ b: String) -> Bool {
        switch (arrayIndex(a), arrayIndex(b)) {
        case (let x?, let y?): x < y
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): a < b
        }
    }

    /// "an array", "not a document (int)": what a value is, for messages.
    static func describe(_ type: BSONType) -> String {
        type == .array ? "an array" : "not an object (\(type.name))"
    }
}
