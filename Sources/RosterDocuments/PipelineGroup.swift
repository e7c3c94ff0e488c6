import RosterWire

/// The `$group` stage: one output document per distinct `_id` (an expression, null for one
/// group of everything, or a document of expressions), with `_id` first and the accumulated
/// fields in the stage's order.
///
/// MongoDB does not order `$group`'s output; Roster gives the groups in the order their first
/// document arrived, so the same input always gives the same output. Sort after `$group` when
/// the order matters.
///
///     let group = try PipelineGroup.parse(["_id": "$item", "count": ["$sum": 1]])
///     try group.run([["item": "a"], ["item": "b"], ["item": "a"]], limit: 100)
///     // [{"_id": "a", "count": 2}, {"_id": "b", "count": 1}]
struct PipelineGroup: Sendable {
    let id: AggregationExpression
    /// For `_id: {name: <expression>}` (one field): its name, as the field is then null rather
    /// than left out when the expression finds nothing.
    let idField: String?
    let accumulators: [PipelineAccumulator]

    static func parse(_ spec: JSONValue) throws(DocumentError) -> PipelineGroup {
        guard case .object(let fields) = spec, !spec.isTypedValue else {
            throw .invalid("$group takes an object with _id and accumulated fields")
        }
        guard let idSpec = fields["_id"] else {
            throw .invalid("$group needs an _id (null to group every document together)")
        }
        var idField: String?
        var id: AggregationExpression
        if case .object(let parts) = idSpec, !idSpec.isTypedValue, !parts.isEmpty,
           !parts.keys.contains(where: { $0.hasPrefix("$") })
        {
            for (name, value) in parts where value.boolValue != nil || AggregationExpression.Number(value) != nil {
                throw .invalid("$group's _id takes expressions, not inclusion flags ('_id.\(name.prefix(64))')")
            }
            id = try AggregationExpression.parse(idSpec)
            if parts.count == 1, let (name, value) = parts.first {
                idField = name
                id = try AggregationExpression.parse(value)
            }
        } else {
            id = try AggregationExpression.parse(idSpec)
        }
        var accumulators: [PipelineAccumulator] = []
        for (field, value) in fields where field != "_id" {
            guard !field.isEmpty, !field.hasPrefix("$"), !field.contains(".") else {
                throw .invalid("$group field names may not be empty, start with '$' or contain '.' ('\(field.prefix(64))')")
            }
            accumulators.append(try PipelineAccumulator.parse(field: field, value))
        }
        return .init(id: id, idField: idField, accumulators: accumulators)
    }

    /// The groups in order of first appearance. More than `limit` groups, or an accumulator
    /// holding more than `limit` values, is refused.
    func run(_ documents: [JSONValue], limit: Int, _ budget: PipelineBudget) throws(DocumentError) -> [JSONValue] {
        var positions: [JSONValue: Int] = [:]
        var ids: [JSONValue] = []
        var states: [[PipelineAccumulator.State]] = []
        for document in documents {
            let found = try id.evaluate(document, budget)
            let groupID: JSONValue = idField.map { .object([$0: found ?? .null]) } ?? found ?? .null
            let key = Self.key(groupID)
            let position: Int
            if let known = positions[key] {
                position = known
            } else {
                guard ids.count < limit else { throw .limit("$group would hold more than \(limit) groups") }
                position = ids.count
                positions[key] = position
                ids.append(groupID)
                states.append(accumulators.map { PipelineAccumulator.State($0.op) })
            }
            for (index, accumulator) in accumulators.enumerated() {
                try states[position][index].add(try accumulator.expression.evaluate(document, budget), limit: limit)
            }
        }
        var output: [JSONValue] = []
        for (position, groupID) in ids.enumerated() {
            var fields: JSONObject = ["_id": groupID]
            for (index, accumulator) in accumulators.enumerated() {
                fields[accumulator.field] = states[position][index].result
            }
            output.append(.object(fields))
        }
        return output
    }

    /// A value as `$group` and `$addToSet` tell values apart: numbers by value (1, 1.0 and
    /// Decimal128 "1.0" are one key), arrays element by element, and objects field by field in
    /// their order, as MongoDB compares embedded documents (`{a: 1, b: 2}` is not `{b: 2, a: 1}`;
    /// `JSONValue`'s own `==` does not mind the order). Each array and object becomes an array
    /// led by its kind, so neither can be taken for the other.
    static func key(_ value: JSONValue) -> JSONValue {
        switch value {
        case .double(let number):
            return numberKey(number)
        case .array(let items):
            return .array([.string("array")] + items.map(key))
        case .object(let fields):
            switch AggregationExpression.Number(value) {
            case .double(let number)?: return numberKey(number)
            case .decimal(let number)?: return numberKey(number.doubleValue)
            default:
                if value.isTypedValue { return value }
                return .array([.string("object")] + fields.flatMap { [JSONValue.string($0.key), key($0.value)] })
            }
        default:
            return value
        }
    }

    private static func numberKey(_ number: Double) -> JSONValue {
        if let whole = Int64(exactly: number) { return .int(whole) }
        return number.isFinite ? .double(number) : ExtendedJSON.nonFiniteDouble(number)
    }
}
