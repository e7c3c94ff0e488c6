import Foundation
import RosterWire

/// MongoDB Extended JSON v2 as the SDKs speak it. `canonical` reads what clients send, in the
/// canonical or the relaxed form, into the one form the engine works on (see `DocumentValue`);
/// `relaxed` writes an answer the way MongoDB's relaxed form does.
///
///     try ExtendedJSON.canonical(["n": ["$numberLong": "5"]]) // ["n": 5]
///     try ExtendedJSON.canonical(["at": ["$date": "2023-11-14T22:13:20Z"]]) // ["at": ["$date": 1700000000000]]
///     ExtendedJSON.relaxed(["at": ["$date": 1700000000000]]) // ["at": ["$date": "2023-11-14T22:13:20Z"]]
public enum ExtendedJSON {
    /// `value` in the canonical form: numbers as `.int`/`.double`, a non-finite double as
    /// `{"$numberDouble": "NaN"}`, ObjectIds lowercase, dates as `{"$date": .int(ms)}`, binary
    /// in the v2 shape, decimals and regular expressions validated. A wrapper with a malformed
    /// content, or a BSON type Roster does not keep (`$timestamp`, `$minKey`, …), is refused.
    public static func canonical(_ value: JSONValue) throws(DocumentError) -> JSONValue {
        try canonical(value, at: "", keepsUndefined: false)
    }

    /// BSON undefined as Extended JSON writes it: what a JavaScript function that returns
    /// nothing answers, as App Services answered it (realm-kotlin and realm-java read
    /// `BsonUndefined`, realm-web `null`).
    public static let undefined: JSONValue = ["$undefined": true]

    /// `canonical(_:)` for a function's arguments, which may also hold BSON undefined
    /// (`{"$undefined": true}`, kept as it is): a client may send back what a function answered,
    /// and a JavaScript function reads it as `undefined`. A document to store may not hold it.
    public static func canonicalArgument(_ value: JSONValue) throws(DocumentError) -> JSONValue {
        try canonical(value, at: "", keepsUndefined: true)
    }

    private static func canonical(_ value: JSONValue, at path: String, keepsUndefined: Bool) throws(DocumentError) -> JSONValue {
        switch value {
        case .double(let number) where !number.isFinite:
            return nonFiniteDouble(number)
        case .array(let items):
            var result: [JSONValue] = []
            result.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                result.append(try canonical(item, at: join(path, String(index)), keepsUndefined: keepsUndefined))
            }
            return .array(result)
        case .object(let fields):
            if let typed = try wrapper(fields, at: path, keepsUndefined: keepsUndefined) { return typed }
            var result: JSONObject = [:]
            for (key, item) in fields { result[key] = try canonical(item, at: join(path, key), keepsUndefined: keepsUndefined) }
            return .object(result)
        default:
            return value
        }
    }

    private static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    private static func where_(_ path: String) -> String {
        path.isEmpty ? "" : " at '\(path.prefix(64))'"
    }

    /// The canonical value of a known wrapper; nil when the object is not exactly one.
    private static func wrapper(_ fields: JSONObject, at path: String, keepsUndefined: Bool) throws(DocumentError) -> JSONValue? {
        if fields.count == 2, let data = fields["$binary"]?.stringValue, let subtype = fields["$type"]?.stringValue {
            return try binary(base64: data, subType: subtype, at: path)
        }
        if fields.count == 2, fields["$code"] != nil, fields["$scope"] != nil {
            throw .invalid("Extended JSON '$code' values are not supported\(where_(path))")
        }
        guard fields.count == 1, let (key, content) = fields.first else { return nil }
        let text = content.stringValue
        switch key {
        case "$numberInt":
            guard let text, let number = Int32(text) else {
                throw .invalid("$numberInt\(where_(path)) takes the text of a 32-bit integer")
            }
            return .int(Int64(number))
        case "$numberLong":
            guard let text, let number = Int64(text) else {
                throw .invalid("$numberLong\(where_(path)) takes the text of a 64-bit integer")
            }
            return .int(number)
        case "$numberDouble":
            guard let text, let number = double(text) else {
                throw .invalid("$numberDouble\(where_(path)) takes the text of a number, 'NaN', 'Infinity' or '-Infinity'")
            }
            return number.isFinite ? .double(number) : nonFiniteDouble(number)
        case "$numberDecimal":
            guard let text, let decimal = decimal(text) else {
                throw .invalid("$numberDecimal\(where_(path)) takes the text of a decimal number")
            }
            return .object(["$numberDecimal": .string(decimal)])
        case "$oid":
            guard let text, text.utf8.count == 24, text.utf8.allSatisfy(Self.isHexByte) else {
                throw .invalid("$oid\(where_(path)) takes an ObjectId of 24 hexadecimal digits")
            }
            return .object(["$oid": .string(text.lowercased())])
        case "$date":
            guard let milliseconds = date(content) else {
                throw .invalid("$date\(where_(path)) takes an ISO-8601 date, milliseconds or {\"$numberLong\": …}")
            }
            return .object(["$date": .int(milliseconds)])
        case "$binary":
            guard case .object(let binary) = content, binary.count == 2, let data = binary["base64"]?.stringValue,
                let subtype = binary["subType"]?.stringValue
            else { throw .invalid("$binary\(where_(path)) takes {\"base64\": …, \"subType\": …}") }
            return try self.binary(base64: data, subType: subtype, at: path)
        case "$uuid":
            guard let text, let data = uuid(text) else {
                throw .invalid("$uuid\(where_(path)) takes a UUID of 32 hexadecimal digits with dashes")
            }
            return .object(["$binary": ["base64": .string(data.base64EncodedString()), "subType": "04"]])
        case "$regularExpression":
            guard case .object(let regex) = content, regex.count == 2, let pattern = regex["pattern"]?.stringValue,
                let options = regex["options"]?.stringValue
            else { throw .invalid("$regularExpression\(where_(path)) takes {\"pattern\": …, \"options\": …}") }
            guard let sorted = regexOptions(options) else {
                throw .invalid("$regularExpression\(where_(path)) takes options among i, m, s, x, u, l")
            }
            return .object(["$regularExpression": ["pattern": .string(pattern), "options": .string(sorted)]])
        case "$undefined" where keepsUndefined:
            guard content == .bool(true) else { throw .invalid("$undefined\(where_(path)) takes true") }
            return undefined
        case "$timestamp", "$minKey", "$maxKey", "$symbol", "$code", "$dbPointer", "$undefined", "$dbRef":
            throw .invalid("Extended JSON '\(key)' values are not supported\(where_(path))")
        default:
            return nil
        }
    }

    private static func isHexByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    static func nonFiniteDouble(_ number: Double) -> JSONValue {
        .object(["$numberDouble": .string(number.isNaN ? "NaN" : (number < 0 ? "-Infinity" : "Infinity"))])
    }

    /// A double's text: decimal digits with an optional exponent, or a non-finite name.
    private static func double(_ text: String) -> Double? {
        if let special = DocumentOrder.nonFinite(text) { return special }
        guard isDecimalText(text), let number = Double(text), number.isFinite else { return nil }
        return number
    }

    /// A Decimal128's text as kept: a decimal number as written, or NaN / Infinity spelled as
    /// the canonical form spells them.
    private static func decimal(_ text: String) -> String? {
        switch text.lowercased() {
        case "nan", "-nan": return "NaN"
        case "inf", "infinity", "+inf", "+infinity": return "Infinity"
        case "-inf", "-infinity": return "-Infinity"
        default: return isDecimalText(text) ? text : nil
        }
    }

    /// `[+-]digits[.digits][e[+-]digits]`, with digits on at least one side of the point.
    private static func isDecimalText(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
        let whole = bytes.prefix(while: isDigit)
        bytes = bytes.dropFirst(whole.count)
        var fraction = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fraction = bytes.prefix(while: isDigit).count
            bytes = bytes.dropFirst(fraction)
        }
        guard whole.count + fraction > 0 else { return false }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            let exponent = bytes.prefix(while: isDigit).count
            guard exponent > 0 else { return false }
            bytes = bytes.dropFirst(exponent)
        }
        return bytes.isEmpty
    }

    private static func binary(base64: String, subType: String, at path: String) throws(DocumentError) -> JSONValue {
        guard Data(base64Encoded: base64) != nil else {
            throw .invalid("$binary\(where_(path)) takes base64 data")
        }
        guard (1...2).contains(subType.utf8.count), let code = UInt8(subType, radix: 16) else {
            throw .invalid("$binary\(where_(path)) takes a subType of one or two hexadecimal digits")
        }
        let hex = String(code, radix: 16)
        return .object(["$binary": ["base64": .string(base64), "subType": .string(hex.count == 1 ? "0" + hex : hex)]])
    }

    private static func uuid(_ text: String) -> Data? {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return nil }
        let hex = Array(groups.joined().utf8)
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: hex.count, by: 2) {
            guard let byte = UInt8(String(decoding: hex[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return Data(bytes)
    }

    /// Regular expression options, checked and in alphabetical order as the canonical form keeps them.
    static func regexOptions(_ options: String) -> String? {
        guard options.allSatisfy({ "imsxul".contains($0) }) else { return nil }
        return String(Set(options).sorted())
    }

    // MARK: Dates

    /// Milliseconds since 1970 from `{"$numberLong": "…"}`, an integer or an ISO-8601 text.
    private static func date(_ content: JSONValue) -> Int64? {
        switch content {
        case .int(let milliseconds): return milliseconds
        case .double(let number): return Int64(exactly: number)
        case .object(let fields):
            guard fields.count == 1, let text = fields["$numberLong"]?.stringValue else { return nil }
            return Int64(text)
        case .string(let text): return isoDate(text)
        default: return nil
        }
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fff…](Z|±HH:MM|±HHMM)`; fractions past milliseconds are dropped.
    private static func isoDate(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + count] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += count
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
            expect("Tt"), let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2),
            (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60,
            second < 60
        else { return nil }
        var milliseconds: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                if digits < 3 { milliseconds = milliseconds * 10 + Int64(bytes[index] - 0x30) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { milliseconds *= 10 }
        }
        var offset: Int64 = 0
        if expect("Zz") {
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let negative = bytes[index] == UInt8(ascii: "-")
            index += 1
            guard let hours = number(2) else { return nil }
            _ = expect(":")
            guard let minutes = number(2), hours < 24, minutes < 60 else { return nil }
            offset = (hours * 60 + minutes) * 60_000 * (negative ? -1 : 1)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let date = CivilDate(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: milliseconds)
        return date.milliseconds - offset
    }
}
