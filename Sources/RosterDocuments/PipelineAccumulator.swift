import RosterWire

/// One computed field of a `$group` stage: an accumulator (`$sum`, `$avg`, `$min`, `$max`,
/// `$push`, `$addToSet`, `$first`, `$last`, `$count`) over an expression, fed each document
/// of the group in turn. `$sum`, `$avg`, `$min` and `$max` also serve as expressions
/// (`{"$sum": "$quizzes"}` in `$project`), through the same `State`.
///
///     let total = try PipelineAccumulator.parse(field: "total", ["$sum": "$price"])
///     var state = PipelineAccumulator.State(total.op)
///     try state.add(5, limit: 100); try state.add("x", limit: 100); state.result // 5
struct PipelineAccumulator: Sendable {
    enum Operator: String, Sendable {
        case sum = "$sum", avg = "$avg", min = "$min", max = "$max", push = "$push"
        case addToSet = "$addToSet", first = "$first", last = "$last", count = "$count"
    }

    let field: String
    let op: Operator
    let expression: AggregationExpression

    /// `{"<accumulator>": <expression>}`; `$count` takes `{}`. An array operand is refused: in
    /// `$group` the accumulators take one expression.
    static func parse(field: String, _ value: JSONValue) throws(DocumentError) -> PipelineAccumulator {
        guard case .object(let spec) = value, !value.isTypedValue, spec.count == 1, let (name, operand) = spec.first else {
            throw .invalid("$group field '\(field.prefix(64))' takes an object naming one accumulator")
        }
        guard let op = Operator(rawValue: name) else {
            throw .invalid("unknown $group accumulator '\(name.prefix(64))' ('\(field.prefix(64))')")
        }
        if op == .count {
            guard operand == .emptyObject else { throw .invalid("$count in $group takes no arguments: {\"$count\": {}}") }
            return .init(field: field, op: op, expression: .literal(.null))
        }
        if case .array = operand {
            throw .invalid("the \(name) accumulator takes one expression, not an array ('\(field.prefix(64))')")
        }
        return .init(field: field, op: op, expression: try AggregationExpression.parse(operand))
    }

    /// The running value of one accumulator over one group.
    struct State: Sendable {
        let op: Operator
        private var total = AggregationExpression.Number.int(0)
        private var count: Int64 = 0
        private var value: JSONValue?
        private var seen = false
        private var items: [JSONValue] = []
        private var keys: Set<JSONValue> = []

        init(_ op: Operator) { self.op = op }

        /// Feeds one document's value (nil when missing). `$push` and `$addToSet` refuse to hold
        /// more than `limit` values.
        mutating func add(_ input: JSONValue?, limit: Int) throws(DocumentError) {
            switch op {
            case .sum, .avg:
                // Values that are not numbers (strings, arrays, null, missing) are ignored.
                guard let input, let number = AggregationExpression.Number(input) else { return }
                total = .add(total, number)
                count += 1
            case .min, .max:
                guard let input, !input.isNull else { return }
                let order = AggregationExpression.compare(input, value)
                if value == nil || (op == .min ? order < 0 : order > 0) { value = input }
            case .first:
                if !seen { value = input }
                seen = true
            case .last:
                value = input
            case .count:
                count += 1
            case .push, .addToSet:
                guard let input else { return }
                if op == .addToSet {
                    guard keys.insert(PipelineGroup.key(input)).inserted else { return }
                }
                guard items.count < limit else {
                    throw .limit("\(op.rawValue) would hold more than \(limit) values")
                }
                items.append(input)
            }
        }

        /// The accumulated value: `$sum` 0 and `$avg`, `$min`, `$max` null when nothing counted;
        /// `$first` and `$last` null for a missing value; `$avg` a double (a decimal for
        /// decimals).
        var result: JSONValue {
            switch op {
            case .sum: return total.json
            case .avg:
                guard count > 0 else { return .null }
                if case .decimal(let sum) = total { return AggregationExpression.Number.decimal(sum / .init(count)).json }
                return AggregationExpression.Number.double(total.double / Double(count)).json
            case .min, .max, .first, .last: return value ?? .null
            case .count: return .int(count)
            case .push, .addToSet: return .array(items)
            }
        }
    }
}
