import OrderedCollections
import RosterWire

/// A find projection, as MongoDB reads it: fields and dotted paths (or embedded projection
/// documents) to include (`1`/`true`) or to exclude (`0`/`false`), never both except for
/// `_id`, which is included unless excluded; `{"$slice": n | [skip, limit]}` on arrays;
/// `{"$elemMatch": condition}` keeping an array's first matching element. A path through an
/// array of documents applies to every document in it. Positional `field.$`, `$meta` and
/// computed values are refused by name.
///
///     let projection = try DocumentProjection.parse(["item": 1, "status": 1, "_id": 0])
///     try projection?.apply(to: ["_id": 1, "item": "journal", "qty": 25, "status": "A"])
///     // ["item": "journal", "status": "A"]
public struct DocumentProjection: Sendable {
    indirect enum Action: Sendable {
        case include
        case exclude
        case slice(skip: Int?, limit: Int)
        case elementMatch(DocumentQuery.Predicate)
        case children(OrderedDictionary<String, Action>)
    }

    let fields: OrderedDictionary<String, Action>
    /// Inclusion keeps only what is named; exclusion keeps all but what is named.
    let inclusive: Bool
    let includesId: Bool

    /// Reads a projection; nil when there is none, or it is empty (whole documents).
    public static func parse(_ spec: JSONValue?) throws(DocumentError) -> DocumentProjection? {
        guard let spec, !spec.isNull else { return nil }
        guard case .object(let given) = try ExtendedJSON.canonical(spec) else {
            throw .invalid("a projection must be an object of fields")
        }
        guard !given.isEmpty else { return nil }
        var entries: [(path: DocumentPath, action: Action)] = []
        try flatten(given, prefix: "", into: &entries)
        var idAction: Action?
        var includes: String?
        var excludes: String?
        var tree: OrderedDictionary<String, Action> = [:]
        for (path, action) in entries.sorted(by: { $0.path.description < $1.path.description }) {
            if path.parts == ["_id"], case .include = action { idAction = action; continue }
            if path.parts == ["_id"], case .exclude = action { idAction = action; continue }
            switch action {
            case .include, .elementMatch: includes = includes ?? path.description
            case .exclude: excludes = excludes ?? path.description
            default: break
            }
            tree = try insert(action, at: path.parts[...], into: tree, path: path)
        }
        if let includes, let excludes {
            throw .invalid("a projection cannot mix inclusion ('\(includes.prefix(64))') and exclusion ('\(excludes.prefix(64))')")
        }
        var includesId = true
        if case .exclude? = idAction { includesId = false }
        // `{_id: 1}` alone is an inclusion of `_id` only; `{_id: 0}` alone excludes only it.
        let inclusive = includes != nil || (excludes == nil && tree.isEmpty && includesId)
        return DocumentProjection(fields: tree, inclusive: inclusive, includesId: includesId)
    }

    /// Projection documents as dotted paths: `{"size": {"uom": 1}}` is `{"size.uom": 1}`.
    private static func flatten(_ fields: JSONObject, prefix: String, into entries: inout [(path: DocumentPath, action: Action)])
        throws(DocumentError)
    {
        for (key, value) in fields {
            let name = prefix.isEmpty ? key : prefix + "." + key
            if key == "$" || key.hasSuffix(".$") {
                throw .invalid("the positional projection '\(name.prefix(64))' is not supported; use $elemMatch")
            }
            if key.hasPrefix("$") { throw .invalid("unknown projection operator '\(key.prefix(64))'") }
            let path = try DocumentPath(name)
            switch value {
            case .bool(let flag):
                entries.append((path, flag ? .include : .exclude))
            case .int, .double:
                entries.append((path, value.numberValue == 0 ? .exclude : .include))
            case .object(let inner) where !value.isTypedValue && !inner.isEmpty:
                if inner.keys.contains(where: { $0.hasPrefix("$") }) {
                    guard inner.count == 1, let (operatorName, operand) = inner.first else {
                        throw .invalid("the projection of '\(name.prefix(64))' takes one operator")
                    }
                    entries.append((path, try projectionOperator(operatorName, operand, path: path)))
                } else {
                    try flatten(inner, prefix: name, into: &entries)
                }
            default:
                throw .invalid("projecting '\(name.prefix(64))' to a value other than 0, 1, true or false is not supported")
            }
        }
    }

    private static func projectionOperator(_ name: String, _ operand: JSONValue, path: DocumentPath) throws(DocumentError) -> Action {
        let field = path.description.prefix(64)
        switch name {
        case "$slice":
            func whole(_ value: JSONValue) -> Int? {
                guard let number = value.numberValue, number.rounded() == number, abs(number) < 2_147_483_648 else { return nil }
                return Int(number)
            }
            if let count = whole(operand) { return count < 0 ? .slice(skip: count, limit: -count) : .slice(skip: nil, limit: count) }
            guard case .array(let pair) = operand, pair.count == 2, let skip = whole(pair[0]), let limit = whole(pair[1]) else {
                throw .invalid("$slice of '\(field)' takes a number or [skip, limit]")
            }
            guard limit > 0 else { throw .invalid("$slice of '\(field)' takes a limit above 0") }
            return .slice(skip: skip, limit: limit)
        case "$elemMatch":
            guard path.parts.count == 1 else { throw .invalid("$elemMatch cannot project the nested field '\(field)'") }
            return .elementMatch(try DocumentQuery.elementMatch(operand, path: path.description))
        case "$meta":
            throw .invalid("the projection $meta ('\(field)') is not supported")
        default:
            throw .invalid("the projection operator '\(name.prefix(64))' ('\(field)') is not supported")
        }
    }

    private static func insert(_ action: Action, at parts: ArraySlice<String>, into tree: OrderedDictionary<String, Action>, path: DocumentPath)
        throws(DocumentError) -> OrderedDictionary<String, Action>
    {
        var tree = tree
        let head = parts.first!
        let collision = DocumentError.invalid("the projection names '\(path.description.prefix(64))' and a path inside or around it")
        if parts.count == 1 {
            guard tree[head] == nil else { throw collision }
            tree[head] = action
            return tree
        }
        var inner: OrderedDictionary<String, Action> = [:]
        switch tree[head] {
        case nil: break
        case .children(let existing)?: inner = existing
        default: throw collision
        }
        tree[head] = .children(try insert(action, at: parts.dropFirst(), into: inner, path: path))
        return tree
    }

    /// The document as the projection shows it, its fields in the document's order (as MongoDB
    /// returns them), except that `$elemMatch` fields come after the others.
    /// A regular expression of an `$elemMatch` past its limit refuses the projection.
    public func apply(to document: JSONValue) throws(DocumentError) -> JSONValue {
        guard case .object(let fields) = document else { return document }
        var result: JSONObject = [:]
        var matched: JSONObject = [:]
        for (name, value) in fields {
            if name == "_id", self.fields[name] == nil {
                if includesId { result[name] = value }
                continue
            }
            if inclusive {
                try Self.include(name, value, action: self.fields[name], into: &result, matched: &matched)
            } else {
                Self.exclude(name, value, action: self.fields[name], into: &result)
            }
        }
        result.merge(matched) { _, last in last }
        return .object(result)
    }

    private static func including(_ fields: JSONObject, tree: OrderedDictionary<String, Action>) throws(DocumentError) -> JSONObject {
        var result: JSONObject = [:]
        var matched: JSONObject = [:]
        for (name, value) in fields { try include(name, value, action: tree[name], into: &result, matched: &matched) }
        result.merge(matched) { _, last in last }
        return result
    }

    private static func include(_ name: String, _ value: JSONValue, action: Action?, into result: inout JSONObject,
                                matched: inout JSONObject) throws(DocumentError)
    {
        switch action {
        case nil, .exclude?: break
        case .include?: result[name] = value
        case .slice(let skip, let limit)?: result[name] = slice(value, skip: skip, limit: limit)
        case .elementMatch(let predicate)?:
            if case .array(let items) = value {
                for item in items where try predicate.accepts(element: item) {
                    matched[name] = [item]
                    break
                }
            }
        case .children(let inner)?:
            if let projected = try including(value, tree: inner) { result[name] = projected }
        }
    }

    /// An embedded document keeps what the inner paths name; an array keeps its documents (and
    /// nested arrays) projected and drops other values; anything else is not included.
    private static func including(_ value: JSONValue, tree: OrderedDictionary<String, Action>) throws(DocumentError) -> JSONValue? {
        switch value {
        case .object(let fields):
            return .object(try including(fields, tree: tree))
        case .array(let items):
            var kept: [JSONValue] = []
            for item in items { if let projected = try including(item, tree: tree) { kept.append(projected) } }
            return .array(kept)
        default:
            return nil
        }
    }

    private static func excluding(_ fields: JSONObject, tree: OrderedDictionary<String, Action>) -> JSONObject {
        var result: JSONObject = [:]
        for (name, value) in fields { exclude(name, value, action: tree[name], into: &result) }
        return result
    }

    private static func exclude(_ name: String, _ value: JSONValue, action: Action?, into result: inout JSONObject) {
        switch action {
        case .exclude?: break
        case nil, .include?, .elementMatch?: result[name] = value
        case .slice(let skip, let limit)?: result[name] = slice(value, skip: skip, limit: limit)
        case .children(let inner)?: result[name] = excluding(value, tree: inner)
        }
    }

    private static func excluding(_ value: JSONValue, tree: OrderedDictionary<String, Action>) -> JSONValue {
        switch value {
        case .object(let fields): .object(excluding(fields, tree: tree))
        case .array(let items): .array(items.map { excluding($0, tree: tree) })
        default: value
        }
    }

    /// `$slice`: the first `limit` elements from `skip` (from the end when negative); a value
    /// that is not an array as it is.
    private static func slice(_ value: JSONValue, skip: Int?, limit: Int) -> JSONValue {
        guard case .array(let items) = value else { return value }
        let start = skip.map { $0 < 0 ? max(0, items.count + $0) : min($0, items.count) } ?? 0
        return .array(Array(items[start..<min(items.count, start + limit)]))
    }
}
