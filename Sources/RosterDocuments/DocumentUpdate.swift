import Foundation
import RosterWire

/// A MongoDB update, as `updateOne`, `updateMany`, `findOneAndUpdate` and upserts take it:
/// update operators (`$set`, `$unset`, `$inc`, `$mul`, `$min`, `$max`, `$rename`, `$push`,
/// `$addToSet`, `$pull`, `$pullAll`, `$pop`, `$currentDate`, `$setOnInsert`) on dotted paths
/// that may name array elements (`$`, `$[]`, `$[<identifier>]` with `arrayFilters`), or a
/// whole document that replaces all but `_id`. The two do not mix; anything else is refused by
/// name, and so are operators on conflicting paths, as MongoDB refuses them.
///
///     let update = try DocumentUpdate.parse(["$inc": ["visits": 1], "$push": ["tags": "new"]])
///     try update.apply(to: ["visits": 2], now: Date()) // ["visits": 3, "tags": ["new"]]
///     update.touchedTopLevelFields // ["tags", "visits"]
public enum DocumentUpdate: Sendable {
    /// A whole document; it keeps the old document's `_id`.
    case replace(JSONObject)
    /// Operators, in the order they were read.
    case operators([Operation])

    /// One operator on one path.
    public enum Operation: Sendable {
        case set(UpdatePath, JSONValue)
        case unset(UpdatePath)
        /// `$inc` by an int or a double.
        case increment(UpdatePath, JSONValue)
        /// `$mul` by an int or a double.
        case multiply(UpdatePath, JSONValue)
        case minimum(UpdatePath, JSONValue)
        case maximum(UpdatePath, JSONValue)
        /// `$rename`: both paths are plain fields (no `$` parts).
        case rename(UpdatePath, to: UpdatePath)
        case push(UpdatePath, Push)
        case addToSet(UpdatePath, [JSONValue])
        case pull(UpdatePath, Pull)
        case pullAll(UpdatePath, [JSONValue])
        /// `$pop`: the first element (`-1`) or the last (`1`).
        case pop(UpdatePath, first: Bool)
        /// `$currentDate`: the time of the update, as a date.
        case currentDate(UpdatePath)
        case setOnInsert(UpdatePath, JSONValue)

        /// The path the operator writes (for `$rename`, the target).
        public var path: UpdatePath {
            switch self {
            case .set(let path, _), .unset(let path), .increment(let path, _), .multiply(let path, _),
                .minimum(let path, _), .maximum(let path, _), .rename(_, let path), .push(let path, _),
                .addToSet(let path, _), .pull(let path, _), .pullAll(let path, _), .pop(let path, _),
                .currentDate(let path), .setOnInsert(let path, _):
                path
            }
        }
    }

    /// `$push`'s values and modifiers: the values go in at `position` (the end when nil; a
    /// negative one counts from the end), then the array is sorted, then cut to `slice`
    /// elements (the first ones, or the last ones when negative).
    public struct Push: Sendable {
        public var values: [JSONValue]
        public var position: Int64?
        public var sort: PushSort?
        public var slice: Int64?
    }

    /// How `$push` sorts the array: the elements themselves, or documents by fields in order.
    public enum PushSort: Sendable {
        case elements(ascending: Bool)
        case fields([(path: DocumentPath, ascending: Bool)])
    }

    /// What `$pull` removes: elements equal to a value, elements meeting query operators
    /// (`{"$gte": 6}`), or documents matching a query (`{"score": 8, "item": "B"}`).
    public enum Pull: Sendable {
        case equal(JSONValue)
        case condition(DocumentQuery)
        case document(DocumentQuery)
    }

    /// Reads an update: operators (`{"$set": {…}}`, their fields applied in the order sent, as a
    /// `$push` `$sort` on several fields needs) or a whole document (a replacement).
    /// `arrayFilters` holds one query per `$[<identifier>]` the update uses.
    public static func parse(_ update: JSONValue?, arrayFilters: JSONValue? = nil) throws(DocumentError) -> DocumentUpdate {
        guard let update else { throw .missing("update") }
        let filters = try UpdateArrayFilters.parse(arrayFilters)
        guard case .object(let fields) = update else {
            if case .array = update { throw .invalid("pipeline-style updates (an array of stages) are not supported") }
            throw .invalid("an update must be a JSON object")
        }
        guard !fields.isEmpty else { throw .invalid("an update must change something") }
        let operatorCount = fields.count(where: { $0.key.hasPrefix("$") })
        guard operatorCount > 0 else {
            guard filters.isEmpty else { throw .invalid("arrayFilters cannot be used with a replacement document") }
            return .replace(fields)
        }
        guard operatorCount == fields.count else {
            let anOperator = fields.first { $0.key.hasPrefix("$") }?.key ?? ""
            let aField = fields.first { !$0.key.hasPrefix("$") }?.key ?? ""
            throw .invalid(
                "an update is either operators ($set, …) or a whole document, not both: '\(anOperator.prefix(32))' beside the field '\(aField.prefix(64))'")
        }
        let parser = UpdateParser(filters: filters)
        var operations: [Operation] = []
        for field in fields {
            operations += try parser.operations(field.key, field.value)
        }
        var tree = UpdateTree()
        for operation in operations { try tree.insert(operation) }
        if let unused = filters.keys.sorted().first(where: { !tree.identifiers.contains($0) }) {
            throw .invalid("the array filter for identifier '\(unused.prefix(32))' was not used in the update")
        }
        return .operators(operations)
    }

    /// Every top-level field an operator writes or removes (both fields of a `$rename`); empty
    /// for a replacement, whose result is whole.
    public var touchedTopLevelFields: Set<String> {
        guard case .operators(let operations) = self else { return [] }
        var fields: Set<String> = []
        for operation in operations {
            if case .rename(let source, _) = operation { fields.insert(source.topLevel) }
            fields.insert(operation.path.topLevel)
        }
        return fields
    }

    /// The document after the update. `query` is the one that found the document (the
    /// positional `$` stands for the array element it matched); `inserting` says the document
    /// is an upsert's new one, built from the query's equalities (`$setOnInsert` applies only
    /// then); `now` is the time `$currentDate` writes. `_id` may not change.
    public func apply(
        to document: JSONObject, query: DocumentQuery = .everything, inserting: Bool = false, now: Date
    ) throws(DocumentError) -> JSONObject {
        switch self {
        case .replace(let replacement):
            var result = replacement
            if let id = document["_id"] {
                if let newId = replacement["_id"], DocumentOrder.compare(newId, id) != 0 {
                    throw .invalid("the (immutable) field '_id' cannot be altered")
                }
                result.setFirst("_id", id)
            } else if !inserting {
                // The caller keeps the document's id apart; the replacement's own is not its to keep.
                result["_id"] = nil
            }
            return result
        case .operators(let operations):
            var tree = UpdateTree()
            for operation in operations { try tree.insert(operation) }
            let context = UpdateTree.Context(
                original: document, query: query, inserting: inserting, now: now, operations: operations, filters: tree.filters)
            let result = try tree.apply(to: document, context: try context.resolvingRenames())
            let before = document["_id"]
            if before != nil || !inserting {
                let after = result["_id"]
                let same = switch (before, after) {
                case (nil, nil): true
                case (let old?, let new?): DocumentOrder.compare(old, new) == 0
                default: false
                }
                guard same else { throw .invalid("performing an update on the path '_id' would modify the immutable field '_id'") }
            }
            return result
        }
    }
}
