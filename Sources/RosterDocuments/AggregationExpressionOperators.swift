import RosterWire

extension AggregationExpression {
    /// The expression operators served. Each takes its arguments as an array, or a single one
    /// bare (`{"$toUpper": "$name"}`); `$cond` and the date operators also take an object.
    enum Operator: String, Sendable, CaseIterable {
        case add = "$add", subtract = "$subtract", multiply = "$multiply", divide = "$divide", mod = "$mod"
        case concat = "$concat", toUpper = "$toUpper", toLower = "$toLower"
        case substr = "$substr", substrBytes = "$substrBytes", substrCP = "$substrCP"
        case eq = "$eq", ne = "$ne", gt = "$gt", gte = "$gte", lt = "$lt", lte = "$lte", cmp = "$cmp"
        case and = "$and", or = "$or", not = "$not"
        case cond = "$cond", ifNull = "$ifNull"
        case size = "$size", isArray = "$isArray", arrayElemAt = "$arrayElemAt", `in` = "$in", concatArrays = "$concatArrays"
        case sum = "$sum", avg = "$avg", min = "$min", max = "$max"
        case year = "$year", month = "$month", dayOfMonth = "$dayOfMonth", dayOfYear = "$dayOfYear"
        case dayOfWeek = "$dayOfWeek", hour = "$hour", minute = "$minute", second = "$second"
        case millisecond = "$millisecond", dateToString = "$dateToString"

        /// How many arguments the operator takes.
        var arity: ClosedRange<Int> {
            switch self {
            case .subtract, .divide, .mod, .eq, .ne, .gt, .gte, .lt, .lte, .cmp, .arrayElemAt, .in: 2...2
            case .toUpper, .toLower, .not, .size, .isArray: 1...1
            case .year, .month, .dayOfMonth, .dayOfYear, .dayOfWeek, .hour, .minute, .second, .millisecond: 1...1
            case .substr, .substrBytes, .substrCP, .cond: 3...3
            case .ifNull: 2...Int.max
            case .dateToString: 2...3
            case .add, .multiply, .concat, .and, .or, .concatArrays, .sum, .avg, .min, .max: 0...Int.max
            }
        }

        /// Whether the operator makes a new string or array, which the pipeline's budget counts
        /// once it is made (`$concat` and `$concatArrays` count theirs before they make it).
        var makesValues: Bool {
            switch self {
            case .toUpper, .toLower, .substr, .substrBytes, .substrCP, .dateToString: true
            default: false
            }
        }

        var isDatePart: Bool {
            switch self {
            case .year, .month, .dayOfMonth, .dayOfYear, .dayOfWeek, .hour, .minute, .second, .millisecond: true
            default: false
            }
        }
    }

    static func parseOperator(_ name: String, _ operand: JSONValue) throws(DocumentError) -> AggregationExpression {
        if name == "$literal" { return .literal(operand) }
        guard let op = Operator(rawValue: name) else {
            throw .invalid("unknown expression operator '\(name.prefix(64))'")
        }
        var arguments: [AggregationExpression] = []
        switch (op, operand) {
        case (.cond, .object(let fields)) where !operand.isTypedValue:
            for key in fields.keys.sorted() where !["if", "then", "else"].contains(key) {
                throw .invalid("$cond takes if, then and else, not '\(key.prefix(64))'")
            }
            for key in ["if", "then", "else"] {
                guard let part = fields[key] else { throw .missing("\(key)' of '$cond") }
                arguments.append(try parse(part))
            }
        case (.dateToString, _):
            arguments = try parseDateToString(operand)
        case (_, .object(let fields)) where op.isDatePart && !operand.isTypedValue && !fields.keys.contains(where: { $0.hasPrefix("$") }):
            arguments = [try parseDateOptions(op, fields)]
        case (_, .array(let items)):
            for item in items { arguments.append(try parse(item)) }
        default:
            arguments = [try parse(operand)]
        }
        guard op.arity.contains(arguments.count) else {
            let expected = op.arity.lowerBound == op.arity.upperBound
                ? "exactly \(op.arity.lowerBound)" : "at least \(op.arity.lowerBound)"
            throw .invalid("\(name) takes \(expected) argument\(op.arity.lowerBound == 1 ? "" : "s"), not \(arguments.count)")
        }
        return .call(op, arguments)
    }
}

extension AggregationExpression.Operator {
    typealias Expression = AggregationExpression
    typealias Number = AggregationExpression.Number

    /// The operator's value for one document; arguments are evaluated as the operator needs
    /// them (`$cond` and `$ifNull` only the branch they take, `$and`/`$or` until decided).
    func apply(_ arguments: [Expression], to root: JSONValue, _ budget: PipelineBudget) throws(DocumentError) -> JSONValue? {
        switch self {
        case .add: return try add(arguments, root, budget)
        case .subtract: return try subtract(arguments, root, budget)
        case .multiply:
            var product = Number.int(1)
            for argument in arguments {
                guard let value = try argument.evaluate(root, budget), !value.isNull else { return .null }
                guard let number = Number(value) else { throw typeError("numbers", value) }
                product = .multiply(product, number)
            }
            return product.json
        case .divide, .mod:
            let (left, right) = (try arguments[0].evaluate(root, budget), try arguments[1].evaluate(root, budget))
            guard let left, let right, !left.isNull, !right.isNull else { return .null }
            guard let dividend = Number(left) else { throw typeError("numbers", left) }
            guard let divisor = Number(right) else { throw typeError("numbers", right) }
            guard !divisor.isZero else { throw .invalid("cannot \(rawValue) by zero") }
            return (self == .divide ? Number.divide(dividend, divisor) : Number.remainder(dividend, divisor)).json
        case .concat:
            // The parts first (they share their storage with the document), then the charge for
            // the whole, then the one string: a refused value is never built.
            var parts: [String] = []
            var bytes = 2
            for argument in arguments {
                guard let value = try argument.evaluate(root, budget), !value.isNull else { return .null }
                guard case .string(let part) = value else { throw typeError("strings", value) }
                bytes += part.utf8.count
                try PipelineBudget.check(growing: bytes, madeBy: "$concat")
                parts.append(part)
            }
            try budget.charge(bytes: bytes, madeBy: "$concat")
            var text = ""
            text.reserveCapacity(bytes)
            for part in parts { text += part }
            return .string(text)
        case .toUpper, .toLower:
            let text = try stringOperand(try arguments[0].evaluate(root, budget))
            // MongoDB changes the case of ASCII letters only.
            let changed = text.utf8.map { byte -> UInt8 in
                self == .toUpper ? ((0x61...0x7A).contains(byte) ? byte - 32 : byte)
                    : ((0x41...0x5A).contains(byte) ? byte + 32 : byte)
            }
            return .string(String(decoding: changed, as: UTF8.self))
        case .substr, .substrBytes, .substrCP:
            return try substring(arguments, root, budget)
        case .eq, .ne, .gt, .gte, .lt, .lte, .cmp:
            let order = Expression.compare(try arguments[0].evaluate(root, budget), try arguments[1].evaluate(root, budget))
            switch self {
            case .eq: return .bool(order == 0)
            case .ne: return .bool(order != 0)
            case .gt: return .bool(order > 0)
            case .gte: return .bool(order >= 0)
            case .lt: return .bool(order < 0)
            case .lte: return .bool(order <= 0)
            default: return .int(Int64(order))
            }
        case .and:
            for argument in arguments where !Expression.isTrue(try argument.evaluate(root, budget)) { return .bool(false) }
            return .bool(true)
        case .or:
            for argument in arguments where Expression.isTrue(try argument.evaluate(root, budget)) { return .bool(true) }
            return .bool(false)
        case .not:
            return .bool(!Expression.isTrue(try arguments[0].evaluate(root, budget)))
        case .cond:
            return try arguments[Expression.isTrue(try arguments[0].evaluate(root, budget)) ? 1 : 2].evaluate(root, budget)
        case .ifNull:
            for argument in arguments.dropLast() {
                if let value = try argument.evaluate(root, budget), !value.isNull { return value }
            }
            return try arguments[arguments.count - 1].evaluate(root, budget)
        case .size:
            let value = try arguments[0].evaluate(root, budget)
            guard case .array(let items)? = value else { throw typeError("an array", value) }
            return .int(Int64(items.count))
        case .isArray:
            if case .array? = try arguments[0].evaluate(root, budget) { return .bool(true) }
            return .bool(false)
        case .arrayElemAt:
            let (array, index) = (try arguments[0].evaluate(root, budget), try arguments[1].evaluate(root, budget))
            guard let array, let index, !array.isNull, !index.isNull else { return .null }
            guard case .array(let items) = array else { throw typeError("an array", array) }
            guard let position = Self.wholeNumber(index) else { throw typeError("a whole number as its index", index) }
            let resolved = position < 0 ? Int64(items.count) + position : position
            // Out of range is missing, not null (JSONValue's nil literal would make it null).
            guard resolved >= 0 && resolved < Int64(items.count) else { return Optional.none }
            return items[Int(resolved)]
        case .in:
            let (value, list) = (try arguments[0].evaluate(root, budget), try arguments[1].evaluate(root, budget))
            guard case .array(let items)? = list else { throw typeError("an array as its second argument", list) }
            return .bool(items.contains { Expression.compare(value, $0) == 0 })
        case .concatArrays:
            var arrays: [[JSONValue]] = []
            var (bytes, count) = (2, 0)
            for argument in arguments {
                guard let value = try argument.evaluate(root, budget), !value.isNull else { return .null }
                guard case .array(let more) = value else { throw typeError("arrays", value) }
                bytes += value.approximateBytes - 2
                count += more.count
                try PipelineBudget.check(growing: bytes, madeBy: "$concatArrays")
                arrays.append(more)
            }
            try budget.charge(bytes: bytes, madeBy: "$concatArrays")
            var items: [JSONValue] = []
            items.reserveCapacity(count)
            for more in arrays { items += more }
            return .array(items)
        case .sum, .avg, .min, .max:
            // One argument that is an array: its elements; several: each argument as it is.
            var values: [JSONValue?] = []
            if arguments.count == 1, case .array(let items)? = try arguments[0].evaluate(root, budget) {
                values = items
            } else {
                for argument in arguments { values.append(try argument.evaluate(root, budget)) }
            }
            var state = PipelineAccumulator.State(PipelineAccumulator.Operator(rawValue: rawValue)!)
            for value in values { try state.add(value, limit: Int.max) }
            return state.result
        case .year, .month, .dayOfMonth, .dayOfYear, .dayOfWeek, .hour, .minute, .second, .millisecond:
            let value = try arguments[0].evaluate(root, budget)
            guard let value, !value.isNull else { return .null }
            guard let milliseconds = Expression.dateMilliseconds(value) else { throw typeError("a date", value) }
            return .int(Expression.DateParts(milliseconds).part(self))
        case .dateToString:
            return try dateToString(arguments, root, budget)
        }
    }

    private func add(_ arguments: [Expression], _ root: JSONValue, _ budget: PipelineBudget) throws(DocumentError) -> JSONValue? {
        var total = Number.int(0)
        var date: Int64?
        for argument in arguments {
            guard let value = try argument.evaluate(root, budget), !value.isNull else { return .null }
            if let number = Number(value) {
                total = .add(total, number)
            } else if let milliseconds = Expression.dateMilliseconds(value) {
                guard date == nil else { throw .invalid("$add takes at most one date") }
                date = milliseconds
            } else {
                throw typeError("numbers and a date", value)
            }
        }
        guard let date else { return total.json }
        return try Expression.date(date, plus: total, for: rawValue)
    }

    private func subtract(_ arguments: [Expression], _ root: JSONValue, _ budget: PipelineBudget) throws(DocumentError) -> JSONValue? {
        let (left, right) = (try arguments[0].evaluate(root, budget), try arguments[1].evaluate(root, budget))
        guard let left, let right, !left.isNull, !right.isNull else { return .null }
        switch (Number(left), Number(right), Expression.dateMilliseconds(left), Expression.dateMilliseconds(right)) {
        case (let a?, let b?, _, _):
            return Number.subtract(a, b).json
        case (_, _, let a?, let b?):
            let (difference, overflow) = a.subtractingReportingOverflow(b)
            guard !overflow else { throw .invalid("$subtract of two dates overflows") }
            return .int(difference)
        case (_, let b?, let a?, _):
            return try Expression.date(a, plus: Number.subtract(.int(0), b), for: rawValue)
        default:
            let (what, from) = (right.bsonType.name, left.bsonType.name)
            func article(_ name: String) -> String { "aeiou".contains(name.first!) ? "an" : "a" }
            throw .invalid("$subtract cannot subtract \(article(what)) \(what) from \(article(from)) \(from)")
        }
    }

    /// `$substrBytes` (and its old name `$substr`) counts UTF-8 bytes and refuses to split a
    /// character; `$substrCP` counts code points, and as MongoDB takes its start and length as
    /// 32-bit integers. A negative length means to the end. A start or length past the text
    /// stops at its end: the bounds are taken from what is left, never added past 64 bits.
    private func substring(_ arguments: [Expression], _ root: JSONValue, _ budget: PipelineBudget) throws(DocumentError) -> JSONValue? {
        let text = try stringOperand(try arguments[0].evaluate(root, budget))
        let (startValue, lengthValue) = (try arguments[1].evaluate(root, budget), try arguments[2].evaluate(root, budget))
        guard let start = startValue.flatMap(Self.wholeNumber) else { throw typeError("a whole number as its start", startValue) }
        guard let length = lengthValue.flatMap(Self.wholeNumber) else { throw typeError("a whole number as its length", lengthValue) }
        guard start >= 0 else { throw .invalid("\(rawValue) takes a start that is not negative") }
        if self == .substrCP {
            guard Int32(exactly: start) != nil else {
                throw .invalid("$substrCP: starting index must be representable as a 32-bit integral value")
            }
            guard Int32(exactly: length) != nil else {
                throw .invalid("$substrCP: length must be representable as a 32-bit integral value")
            }
            guard length >= 0 else { throw .invalid("$substrCP takes a length that is not negative") }
            let scalars = Array(text.unicodeScalars)
            let (from, to) = Self.bounds(start: start, length: length, count: scalars.count)
            var out = String.UnicodeScalarView()
            out.append(contentsOf: scalars[from..<to])
            return .string(String(out))
        }
        let bytes = Array(text.utf8)
        let (from, to) = Self.bounds(start: start, length: length < 0 ? Int64.max : length, count: bytes.count)
        let isContinuation = { (index: Int) in index < bytes.count && bytes[index] & 0xC0 == 0x80 }
        guard !isContinuation(from), !isContinuation(to) else {
            throw .invalid("\(rawValue) would split a UTF-8 character")
        }
        return .string(String(decoding: bytes[from..<to], as: UTF8.self))
    }

    /// The part `[from, to)` of `count` elements that a start and a length (neither negative)
    /// ask for, each cut to what is there.
    static func bounds(start: Int64, length: Int64, count: Int) -> (from: Int, to: Int) {
        let from = Int(Swift.min(start, Int64(count)))
        let to = from + Int(Swift.min(length, Int64(count - from)))
        return (from, to)
    }

    /// The text a string operator works on: a string, an int as its digits, null or missing as
    /// the empty string; anything else is refused.
    private func stringOperand(_ value: JSONValue?) throws(DocumentError) -> String {
        switch value {
        case nil, .null?: ""
        case .string(let string)?: string
        case .int(let number)?: String(number)
        default: throw typeError("a string", value)
        }
    }

    /// A number with a whole value (`2` or `2.0`), as an index or a length.
    static func wholeNumber(_ value: JSONValue) -> Int64? {
        switch Number(value) {
        case .int(let number)?: return number
        case .double(let number)?: return Int64(exactly: number)
        case .decimal(let number)?: return Int64(exactly: number.doubleValue)
        case nil: return nil
        }
    }

    func typeError(_ wanted: String, _ value: JSONValue?) -> DocumentError {
        .invalid("\(rawValue) takes \(wanted), not \(Expression.typeName(value))")
    }
}
