import RosterWire

/// One stage of a `Pipeline`, read from its one-key object (`{"$limit": 5}`). The stages
/// served are `$match`, `$project`, `$addFields`/`$set`, `$unset`, `$group`, `$sort`,
/// `$limit`, `$skip`, `$count` and `$unwind`; any other is refused by name.
///
///     let stage = try PipelineStage.parse(["$skip": 1])
///     try stage.run([["a": 1], ["a": 2]], limits: .init()) // [{"a": 2}]
enum PipelineStage: Sendable {
    case match(DocumentQuery)
    case reshape(PipelineProjection)
    case group(PipelineGroup)
    case sort(DocumentSort)
    case limit(Int)
    case skip(Int)
    case count(String)
    case unwind(PipelineUnwind)

    /// The stages of Atlas Search, which needs search indexes Roster does not keep.
    static let atlasSearchStages: Set<String> = ["$search", "$searchMeta", "$vectorSearch"]

    /// Reads one stage (`$set` and `$addFields` are one stage under two names).
    static func parse(_ stage: JSONValue) throws(DocumentError) -> PipelineStage {
        guard let fields = stage.objectValue, fields.count == 1, let (name, value) = fields.first else {
            throw .invalid("a pipeline stage is an object with exactly one field, the stage's name")
        }
        switch name {
        case "$match":
            guard case .object = value else { throw .invalid("$match takes a query object") }
            return .match(try DocumentQuery.parse(value))
        case "$project": return .reshape(try PipelineProjection.project(value))
        case "$addFields", "$set": return .reshape(try PipelineProjection.addFields(value, stage: name))
        case "$unset": return .reshape(try PipelineProjection.unset(value))
        case "$group": return .group(try PipelineGroup.parse(value))
        case "$sort":
            // The specification as written: its key order is the sort's.
            guard let sort = try DocumentSort.parse(value) else { throw .invalid("$sort takes at least one field") }
            return .sort(sort)
        case "$limit":
            guard let count = AggregationExpression.Operator.wholeNumber(value), count > 0 else {
                throw .invalid("$limit takes a positive whole number")
            }
            return .limit(Int(clamping: count))
        case "$skip":
            guard let count = AggregationExpression.Operator.wholeNumber(value), count >= 0 else {
                throw .invalid("$skip takes a whole number that is not negative")
            }
            return .skip(Int(clamping: count))
        case "$count":
            guard case .string(let field) = value, !field.isEmpty, !field.hasPrefix("$"), !field.contains("."),
                  !field.contains("\0")
            else {
                throw .invalid("$count takes a field name: not empty, not starting with '$', without '.'")
            }
            return .count(field)
        case "$unwind": return .unwind(try PipelineUnwind.parse(value))
        case let search where Self.atlasSearchStages.contains(search):
            throw .invalid("'\(search)' is an Atlas Search stage, which is not served: query with $match instead")
        default:
            throw .invalid("unknown pipeline stage '\(name.prefix(64))'")
        }
    }

    /// The documents after this stage.
    func run(_ documents: [JSONValue], limits: Pipeline.Limits, budget: PipelineBudget) throws(DocumentError) -> [JSONValue] {
        switch self {
        case .match(let query):
            var kept: [JSONValue] = []
            for document in documents {
                try Pipeline.stopIfCancelled()
                if try query.matches(document) { kept.append(document) }
            }
            return kept
        case .reshape(let projection):
            var output: [JSONValue] = []
            output.reserveCapacity(documents.count)
            for document in documents {
                try Pipeline.stopIfCancelled()
                let reshaped = try projection.apply(to: document, budget)
                try budget.charge(fieldsOf: reshaped)
                output.append(reshaped)
            }
            return output
        case .group(let group):
            return try group.run(documents, limit: limits.maximumDocumentsHeld, budget)
        case .sort(let sort):
            guard documents.count <= limits.maximumDocumentsHeld else {
                throw .limit("$sort would hold more than \(limits.maximumDocumentsHeld) documents")
            }
            return sort.sorted(documents)
        case .limit(let count):
            return Array(documents.prefix(count))
        case .skip(let count):
            return Array(documents.dropFirst(count))
        case .count(let field):
            // Like MongoDB, no document at all when nothing came in.
            return documents.isEmpty ? [] : [.object([field: .int(Int64(documents.count))])]
        case .unwind(let unwind):
            return try unwind.run(documents, limit: limits.maximumDocumentsHeld)
        }
    }
}
