import Foundation

/// How people read Extended JSON's typed values (`readableText`): the value, not its markup.
enum TypedValueText {
    static func text(of fields: JSONObject) -> String? {
        guard fields.count == 1, let (key, content) = fields.first else { return nil }
        switch (key, content) {
        case ("$numberInt", .string(let digits)), ("$numberLong", .string(let digits)), ("$numberDecimal", .string(let digits)):
            return digits
        case ("$numberDouble", .string(let text)):
            return Double(text).map { $0.isFinite ? JSONValue.doubleText($0) : text } ?? text
        case ("$oid", .string(let hex)):
            return "ObjectId(\"\(hex)\")"
        case ("$date", .string(let iso)):
            return iso
        case ("$date", .int(let milliseconds)):
            return date(milliseconds)
        case ("$date", .object(let long)):
            guard let text = long["$numberLong"]?.stringValue, let milliseconds = Int64(text) else { return nil }
            return date(milliseconds)
        case ("$binary", .object(let binary)):
            guard let base64 = binary["base64"]?.stringValue, let bytes = Data(base64Encoded: base64) else { return nil }
            return "Binary(\(bytes.count) bytes)"
        case ("$regularExpression", .object(let regex)):
            guard let pattern = regex["pattern"]?.stringValue else { return nil }
            return "/\(pattern)/\(regex["options"]?.stringValue ?? "")"
        default:
            return nil
        }
    }

    /// ISO-8601 in UTC, with milliseconds when there are any (counted in whole numbers: a
    /// Double's fraction would round .123 down to .122).
    private static func date(_ milliseconds: Int64) -> String {
        let (seconds, rest) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (whole, fraction) = rest < 0 ? (seconds - 1, rest + 1000) : (seconds, rest)
        let text = Date(timeIntervalSince1970: TimeInterval(whole)).formatted(.iso8601)
        guard fraction != 0, text.hasSuffix("Z") else { return text }
        return text.dropLast() + "." + String(format: "%03lld", fraction) + "Z"
    }
}
