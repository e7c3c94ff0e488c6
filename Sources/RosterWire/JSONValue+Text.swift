import Foundation

extension JSONValue {
    /// Parses JSON text exactly: `1` becomes `.int(1)` and `1.0` becomes `.double(1.0)`.
    /// Throws when the text is not JSON, is not UTF-8, or nests past 256 levels.
    public init(parsing text: String) throws {
        var parser = JSONParser(text.utf8)
        self = try parser.parseDocument()
    }

    /// Parses JSON bytes exactly.
    public init(parsing data: Data) throws {
        var parser = JSONParser(data)
        self = try parser.parseDocument()
    }

    /// Compact JSON with fields in their order. Doubles keep a
    /// fraction or exponent (`1.0`), so the text parses back to the same value.
    public var compactText: String {
        var out = ""
        write(into: &out, level: 0, indent: nil, readable: false)
        return out
    }

    /// Indented JSON with fields in their order, for people to read. `forTerminal` escapes
    /// every control character `TerminalText` names (DEL, C1 and the line separators besides
    /// the C0 controls JSON escapes anyway) as `\u007f`: JSON that parses back to the same
    /// value, and that a terminal shows as text.
    public func prettyText(indent: Int = 2, forTerminal: Bool = false) -> String {
        var out = ""
        write(into: &out, level: 0, indent: indent, readable: false, terminal: forTerminal)
        return out
    }

    /// Indented text for people, the JSON of `prettyText` except that Extended JSON's typed
    /// values read as what they are: a date as `2023-11-14T22:13:20Z`, `{"$numberInt": "7"}` as
    /// `7`, a decimal as its digits, an ObjectId as `ObjectId("…")`. One renderer for the
    /// switcher and the command line; `--json` output stays Extended JSON. Every control
    /// character is escaped (`TerminalText`), in strings and typed values alike.
    public func readableText(indent: Int? = 2) -> String {
        var out = ""
        write(into: &out, level: 0, indent: indent, readable: true, terminal: true)
        return out
    }

    /// The compact text as UTF-8 bytes.
    public var data: Data { Data(compactText.utf8) }

    private func write(into out: inout String, level: Int, indent: Int?, readable: Bool, terminal: Bool = false) {
        var newline: String { indent == nil ? "" : "\n" }
        var pad: String { String(repeating: " ", count: (level + 1) * (indent ?? 0)) }
        var closePad: String { String(repeating: " ", count: level * (indent ?? 0)) }
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value): out += Self.doubleText(value)
        case .string(let value): Self.writeString(value, into: &out, terminal: terminal)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            let (newline, pad) = (newline, pad)
            out += "[" + newline
            for (position, item) in items.enumerated() {
                out += pad
                item.write(into: &out, level: level + 1, indent: indent, readable: readable, terminal: terminal)
                out += (position < items.count - 1 ? "," : "") + newline
            }
            out += closePad + "]"
        case .object(let fields):
            if readable, let typed = TypedValueText.text(of: fields) { out += terminal ? TerminalText.escaped(typed) : typed; return }
            guard !fields.isEmpty else { out += "{}"; return }
            let (newline, pad, colon) = (newline, pad, indent == nil ? ":" : ": ")
            out += "{" + newline
            for (position, field) in fields.enumerated() {
                out += pad
                Self.writeString(field.key, into: &out, terminal: terminal)
                out += colon
                field.value.write(into: &out, level: level + 1, indent: indent, readable: readable, terminal: terminal)
                out += (position < fields.count - 1 ? "," : "") + newline
            }
            out += closePad + "}"
        }
    }

    /// Swift's shortest round-tripping form, which always has a `.` or an exponent ("1.0",
    /// "1e+20"); NaN and infinity are not JSON and print as `null`.
    static func doubleText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return String(describing: value)
    }

    /// A JSON string: C0 controls escaped always, as JSON requires, and with `terminal` every
    /// control `TerminalText` names.
    private static func writeString(_ value: String, into out: inout String, terminal: Bool) {
        out += "\""
        // Most strings need no escape: they go in whole.
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) || (terminal && TerminalText.hasControl(value))
        else {
            out += value
            out += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case let control where control.value < 0x20 || (terminal && TerminalText.isControl(control)): out += TerminalText.escape(control)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
