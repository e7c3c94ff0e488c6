import OrderedCollections
import RosterWire

/// The reshaping stages: `$project` (keep some fields, or drop some, and compute new ones),
/// `$addFields` and its alias `$set` (compute fields, keep the rest) and `$unset` (drop
/// fields). A dotted name (`"author.first"`) and a nested object (`{"author": {"first": 0}}`)
/// say the same; through an array the shape applies to each element.
///
///     let project = try PipelineProjection.project(["title": 1, "total": ["$add": ["$a", "$b"]]])
///     try project.apply(to: ["_id": 1, "title": "t", "a": 1, "b": 2, "c": 3])
///     // {"_id": 1, "title": "t", "total": 3}
struct PipelineProjection: Sendable {
    enum Mode: Sendable {
        /// Only the named fields (and `_id` unless it is excluded), with the computed ones.
        case inclusion
        /// Every field but the named ones.
        case exclusion
        /// Every field, with the computed ones set or replaced (`$addFields`).
        case addition
    }

    indirect enum Node: Sendable {
        case include
        case exclude
        case computed(AggregationExpression)
        case fields(OrderedDictionary<String, Node>)

        var hasComputed: Bool {
            switch self {
            case .computed: true
            case .fields(let children): children.values.contains { $0.hasComputed }
            default: false
            }
        }
    }

    let mode: Mode
    let tree: OrderedDictionary<String, Node>

    // MARK: Reading

    /// `$project`: `1`/`true` (or any non-zero number) includes, `0`/`false` excludes, anything
    /// else is an expression. Exclusions mix with nothing but `_id: 0`.
    static func project(_ spec: JSONValue) throws(DocumentError) -> PipelineProjection {
        guard case .object(let fields) = spec, !spec.isTypedValue else { throw .invalid("$project takes an object of fields") }
        guard !fields.isEmpty else { throw .invalid("$project takes at least one field") }
        var tree: OrderedDictionary<String, Node> = [:]
        try read(fields, into: &tree, under: [], stage: "$project")
        var included: String?, excluded: String?, computed: String?
        for (path, node) in leaves(tree, prefix: "") where path != "_id" {
            switch node {
            case .include: included = included ?? path
            case .exclude: excluded = excluded ?? path
            default: computed = computed ?? path
            }
        }
        if let excluded {
            if let other = included ?? computed {
                throw .invalid("$project cannot exclude '\(excluded.prefix(64))' and include or compute '\(other.prefix(64))'")
            }
            if case .computed? = tree["_id"] {
                throw .invalid("$project cannot compute '_id' in a projection that excludes fields")
            }
            return .init(mode: .exclusion, tree: tree)
        }
        if included == nil && computed == nil, case .exclude? = tree["_id"] {
            return .init(mode: .exclusion, tree: tree)
        }
        if tree["_id"] == nil { tree["_id"] = .include }
        return .init(mode: .inclusion, tree: tree)
    }

    /// `$addFields` / `$set`: every value is an expression (`{"cats": 20}` sets 20); a nested
    /// object of plain names sets fields inside the embedded document.
    static func addFields(_ spec: JSONValue, stage: String) throws(DocumentError) -> PipelineProjection {
        guard case .object(let fields) = spec, !spec.isTypedValue else { throw .invalid("\(stage) takes an object of fields") }
        var tree: OrderedDictionary<String, Node> = [:]
        try read(fields, into: &tree, under: [], stage: stage)
        return .init(mode: .addition, tree: tree)
    }

    /// `$unset`: a field name or an array of them, dotted names allowed.
    static func unset(_ spec: JSONValue) throws(DocumentError) -> PipelineProjection {
        let names: [JSONValue]
        switch spec {
        case .string: names = [spec]
        case .array(let items) where !items.isEmpty: names = items
        default: throw .invalid("$unset takes a field name or a non-empty array of them")
        }
        var tree: OrderedDictionary<String, Node> = [:]
        for name in names {
            guard case .string(let text) = name else { throw .invalid("$unset takes field names, not \(name.bsonType.name)") }
            try insert(.exclude, at: try DocumentPath(text).parts[...], into: &tree, path: text, stage: "$unset")
        }
        return .init(mode: .exclusion, tree: tree)
    }

    private static func read(_ fields: JSONObject, into tree: inout OrderedDictionary<String, Node>, under parent: [String],
                             stage: String) throws(DocumentError)
    {
        for (key, value) in fields {
            let path = (parent + [key]).joined(separator: ".")
            if !parent.isEmpty && key.contains(".") {
                throw .invalid("\(stage) takes no dotted names inside a nested object ('\(path.prefix(64))')")
            }
            let parts = parent + (try DocumentPath(key).parts)
            let node: Node
            if stage == "$project", let flag = value.boolValue ?? AggregationExpression.Number(value).map({ !$0.isZero }) {
                node = flag ? .include : .exclude
            } else if case .object(let inner) = value, !value.isTypedValue, !inner.keys.contains(where: { $0.hasPrefix("$") }) {
                guard inner.isEmpty else {
                    try read(inner, into: &tree, under: parts, stage: stage)
                    continue
                }
                guard stage != "$project" else { throw .invalid("$project takes no empty object ('\(path.prefix(64))')") }
                node = .computed(.literal(.emptyObject))
            } else {
                node = .computed(try AggregationExpression.parse(value))
            }
            try insert(node, at: parts[...], into: &tree, path: path, stage: stage)
        }
    }

    private static func insert(_ node: Node, at parts: ArraySlice<String>, into tree: inout OrderedDictionary<String, Node>, path: String,
                               stage: String) throws(DocumentError)
    {
        let head = parts.first!
        if parts.count == 1 {
            guard tree[head] == nil else { throw collision(path, stage) }
            tree[head] = node
            return
        }
        var children: OrderedDictionary<String, Node>
        switch tree[head] {
        case nil: children = [:]
        case .fields(let existing)?: children = existing
        default: throw collision(path, stage)
        }
        try insert(node, at: parts.dropFirst(), into: &children, path: path, stage: stage)
        tree[head] = .fields(children)
    }

    private static func collision(_ path: String, _ stage: String) -> DocumentError {
        .invalid("\(stage) names '\(path.prefix(64))' twice, or with a field inside it")
    }

    private static func leaves(_ tree: OrderedDictionary<String, Node>, prefix: String) -> [(String, Node)] {
        tree.flatMap { key, node -> [(String, Node)] in
            if case .fields(let children) = node { return leaves(children, prefix: prefix + key + ".") }
            return [(prefix + key, node)]
        }
    }

    // MARK: Applying

    /// The document reshaped; expressions see the document as it came in.
    func apply(to document: JSONValue, _ budget: PipelineBudget) throws(DocumentError) -> JSONValue {
        let fields = document.objectValue ?? [:]
        switch mode {
        case .inclusion:
            var output = Self.include(tree, fields)
            try Self.compute(tree, into: &output, root: document, budget)
            return .object(output)
        case .exclusion:
            return .object(Self.exclude(tree, fields))
        case .addition:
            var output = fields
            try Self.compute(tree, into: &output, root: document, budget)
            return .object(output)
        }
    }

    /// The named fields in the document's order, as MongoDB keeps them; computed ones follow.
    private static func include(_ tree: OrderedDictionary<String, Node>, _ fields: JSONObject) -> JSONObject {
        var output: JSONObject = [:]
        for (name, value) in fields {
            guard let node = tree[name] else { continue }
            switch node {
            case .include: output[name] = value
            case .fields(let children): output[name] = include(children, in: value)
            case .exclude, .computed: break
            }
        }
        return output
    }

    /// Inside an embedded document the named fields; in an array, each element that is a
    /// document (or an array) projected; a plain value has none of the fields.
    private static func include(_ tree: OrderedDictionary<String, Node>, in value: JSONValue) -> JSONValue? {
        switch value {
        case .object(let fields) where !value.isTypedValue: return .object(include(tree, fields))
        case .array(let items): return .array(items.compactMap { include(tree, in: $0) })
        default: return nil
        }
    }

    private static func exclude(_ tree: OrderedDictionary<String, Node>, _ fields: JSONObject) -> JSONObject {
        var output = fields
        for (name, node) in tree {
            switch node {
            case .exclude: output[name] = nil
            case .fields(let children): if let value = output[name] { output[name] = exclude(children, in: value) }
            case .include, .computed: break
            }
        }
        return output
    }

    private static func exclude(_ tree: OrderedDictionary<String, Node>, in value: JSONValue) -> JSONValue {
        switch value {
        case .object(let fields) where !value.isTypedValue: .object(exclude(tree, fields))
        case .array(let items): .array(items.map { exclude(tree, in: $0) })
        default: value
        }
    }

    /// Sets the computed fields in the stage's order: one already there keeps its place, a new
    /// one goes at the end, one that evaluates to nothing (`$$REMOVE`, a missing field) is left out.
    private static func compute(_ tree: OrderedDictionary<String, Node>, into output: inout JSONObject,
                                root: JSONValue, _ budget: PipelineBudget) throws(DocumentError)
    {
        for (name, node) in tree {
            switch node {
            case .computed(let expression):
                output[name] = try expression.evaluate(root, budget)
            case .fields(let children) where node.hasComputed:
                output[name] = try compute(children, in: output[name], root: root, budget)
            default:
                break
            }
        }
    }

    /// Computed fields inside an embedded document, in each element of an array, or in a new
    /// document in place of a plain value.
    private static func compute(_ tree: OrderedDictionary<String, Node>, in value: JSONValue?, root: JSONValue, _ budget: PipelineBudget) throws(DocumentError) -> JSONValue {
        switch value {
        case .object(var fields)? where !value!.isTypedValue:
            try compute(tree, into: &fields, root: root, budget)
            return .object(fields)
        case .array(let items)?:
            var output: [JSONValue] = []
            for item in items { output.append(try compute(tree, in: item, root: root, budget)) }
            return .array(output)
        default:
            var fields: JSONObject = [:]
            try compute(tree, into: &fields, root: root, budget)
            return .object(fields)
        }
    }
}
