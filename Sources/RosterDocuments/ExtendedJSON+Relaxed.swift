import RosterWire

extension ExtendedJSON {
    /// The first millisecond of year 10000: relaxed dates from then on are written as numbers.
    private static let relaxedDateEnd: Int64 = 253_402_300_800_000

    /// `value` as MongoDB's relaxed Extended JSON writes it in an answer: dates from 1970 to
    /// 9999 as ISO-8601 text, other dates as `{"$numberLong": …}`; everything else as it is.
    public static func relaxed(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let items):
            return .array(items.map(relaxed))
        case .object(let fields):
            if fields.count == 1, case .int(let milliseconds)? = fields["$date"] {
                if (0..<relaxedDateEnd).contains(milliseconds) {
                    return .object(["$date": .string(isoText(milliseconds: milliseconds))])
                }
                return .object(["$date": ["$numberLong": .string(String(milliseconds))]])
            }
            return .object(fields.mapValues(relaxed))
        default:
            return value
        }
    }

    /// The ISO-8601 text MongoDB's relaxed form writes for a date, `2023-11-14T22:13:20Z`
    /// (with `.123` when the milliseconds are not zero).
    static func isoText(milliseconds: Int64) -> String {
        let date = CivilDate(milliseconds: milliseconds)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var text = "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))T"
        text += "\(pad(date.hour, 2)):\(pad(date.minute, 2)):\(pad(date.second, 2))"
        if date.millisecond != 0 { text += "." + pad(date.millisecond, 3) }
        return text + "Z"
    }
}
