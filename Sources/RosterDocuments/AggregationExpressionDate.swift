import RosterWire

extension AggregationExpression {
    /// The parts of a date in UTC, as `$year`, `$month`, … and `$dateToString` give them. The
    /// engine has no time zone data, so a `timezone` other than UTC is refused.
    ///
    ///     DateParts(1_388_563_200_000).year // 2014 (2014-01-01T08:00:00Z)
    ///     DateParts(1_388_563_200_000).dayOfWeek // 4: a Wednesday (Sunday is 1)
    struct DateParts: Sendable {
        var year: Int64, month: Int64, day: Int64, dayOfYear: Int64, dayOfWeek: Int64
        var hour: Int64, minute: Int64, second: Int64, millisecond: Int64

        init(_ milliseconds: Int64) {
            let date = CivilDate(milliseconds: milliseconds)
            (year, month, day) = (date.year, date.month, date.day)
            (hour, minute, second, millisecond) = (date.hour, date.minute, date.second, date.millisecond)
            let days = date.daysSince1970
            dayOfYear = days - CivilDate(year: year, month: 1, day: 1).daysSince1970 + 1
            // 1970-01-01 was a Thursday; MongoDB numbers Sunday 1 to Saturday 7.
            dayOfWeek = ((days + 4) % 7 + 7) % 7 + 1
        }

        func part(_ op: Operator) -> Int64 {
            switch op {
            case .year: year
            case .month: month
            case .dayOfMonth: day
            case .dayOfYear: dayOfYear
            case .dayOfWeek: dayOfWeek
            case .hour: hour
            case .minute: minute
            case .second: second
            default: millisecond
            }
        }
    }

    /// Milliseconds since 1970 when the value is a date.
    static func dateMilliseconds(_ value: JSONValue) -> Int64? {
        guard value.bsonType == .date, case .int(let milliseconds)? = value.typedWrapper?.content else { return nil }
        return milliseconds
    }

    /// A date moved by a number of milliseconds (a fraction rounded), as `$add` and `$subtract` do.
    static func date(_ milliseconds: Int64, plus amount: Number, for name: String) throws(DocumentError) -> JSONValue {
        let offset: Int64
        switch amount {
        case .int(let number):
            offset = number
        default:
            let rounded = amount.double.rounded()
            guard rounded.isFinite, rounded.magnitude < 9.2e18 else { throw .invalid("\(name) moves a date out of range") }
            offset = Int64(rounded)
        }
        let (sum, overflow) = milliseconds.addingReportingOverflow(offset)
        guard !overflow else { throw .invalid("\(name) moves a date out of range") }
        return .object(["$date": .int(sum)])
    }

    /// `{"date": …, "timezone": …}` for the date part operators.
    static func parseDateOptions(_ op: Operator, _ fields: JSONObject) throws(DocumentError) -> AggregationExpression {
        for key in fields.keys.sorted() where key != "date" && key != "timezone" {
            throw .invalid("\(op.rawValue) takes date and timezone, not '\(key.prefix(64))'")
        }
        guard let date = fields["date"] else { throw .missing("date' of '\(op.rawValue)") }
        try checkTimezone(fields["timezone"], for: op.rawValue)
        return try parse(date)
    }

    private static func checkTimezone(_ timezone: JSONValue?, for name: String) throws(DocumentError) {
        guard let timezone else { return }
        guard case .string(let text) = timezone, ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Z", "+00:00", "+0000", "+00"].contains(text) else {
            throw .invalid("\(name) works in UTC only: time zones are not served")
        }
    }

    static let defaultDateFormat = "%Y-%m-%dT%H:%M:%S.%LZ"

    /// `{"date": …, "format": "%Y-%m-%d", "onNull": …}`: the arguments date, format (a literal)
    /// and, when given, onNull.
    static func parseDateToString(_ operand: JSONValue) throws(DocumentError) -> [AggregationExpression] {
        guard case .object(let fields) = operand, !operand.isTypedValue else {
            throw .invalid("$dateToString takes an object with date and format")
        }
        for key in fields.keys.sorted() where !["date", "format", "timezone", "onNull"].contains(key) {
            throw .invalid("$dateToString takes date, format, timezone and onNull, not '\(key.prefix(64))'")
        }
        guard let date = fields["date"] else { throw .missing("date' of '$dateToString") }
        try checkTimezone(fields["timezone"], for: "$dateToString")
        let format: String
        switch fields["format"] {
        case nil: format = defaultDateFormat
        case .string(let text)?: format = text
        default: throw .invalid("$dateToString takes a format string")
        }
        var scanner = format.makeIterator()
        while let character = scanner.next() {
            guard character == "%" else { continue }
            guard let specifier = scanner.next(), "dHjLmMSuwYzZ%".contains(specifier) else {
                throw .invalid("$dateToString does not serve that format specifier ('\(format.prefix(64))')")
            }
        }
        var arguments = [try parse(date), .literal(.string(format))]
        if let onNull = fields["onNull"] { arguments.append(try parse(onNull)) }
        return arguments
    }
}

extension AggregationExpression.Operator {
    /// `$dateToString` in UTC; a null or missing date gives `onNull` (null by default).
    func dateToString(_ arguments: [AggregationExpression], _ root: JSONValue, _ budget: PipelineBudget) throws(DocumentError) -> JSONValue? {
        let value = try arguments[0].evaluate(root, budget)
        guard let value, !value.isNull else {
            return arguments.count > 2 ? try arguments[2].evaluate(root, budget) : .null
        }
        guard let milliseconds = AggregationExpression.dateMilliseconds(value) else { throw typeError("a date", value) }
        guard case .literal(.string(let format)) = arguments[1] else { return .null }
        let parts = AggregationExpression.DateParts(milliseconds)
        func pad(_ number: Int64, _ width: Int) -> String {
            let text = String(number.magnitude)
            return (number < 0 ? "-" : "") + String(repeating: "0", count: Swift.max(0, width - text.count)) + text
        }
        var out = ""
        var iterator = format.makeIterator()
        while let character = iterator.next() {
            guard character == "%", let specifier = iterator.next() else {
                out.append(character)
                continue
            }
            switch specifier {
            case "d": out += pad(parts.day, 2)
            case "H": out += pad(parts.hour, 2)
            case "j": out += pad(parts.dayOfYear, 3)
            case "L": out += pad(parts.millisecond, 3)
            case "m": out += pad(parts.month, 2)
            case "M": out += pad(parts.minute, 2)
            case "S": out += pad(parts.second, 2)
            case "u": out += String(parts.dayOfWeek == 1 ? 7 : parts.dayOfWeek - 1)
            case "w": out += String(parts.dayOfWeek)
            case "Y": out += pad(parts.year, 4)
            case "z": out += "+0000"
            case "Z": out += "+0"
            default: out.append(specifier)
            }
        }
        return .string(out)
    }
}
