/// Text from outside Roster (a server's answer, a stored name, a document) on its way to a
/// terminal, which acts on control characters: ESC (U+001B) and its one-character form CSI
/// (U+009B, sent as the bytes C2 9B) start sequences that move the cursor, clear the screen or
/// retitle the window; DEL erases; a line or paragraph separator forges a line. This is Roster's
/// one rule for them: what the subcommands print (names, table cells, errors, documents, JSON)
/// and every cell the switcher draws goes through it.
///
///     TerminalText.printable("Joe\u{1B}[2J")    // "Joe[2J"
///     TerminalText.escaped("a\u{9B}b")           // #"a\u009bb"#
public enum TerminalText {
    /// C0 controls (U+0000–U+001F), DEL (U+007F), C1 controls (U+0080–U+009F), and the line
    /// and paragraph separators (U+2028, U+2029).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F..<0xA0).contains(value) || value == 0x2028 || value == 0x2029
    }

    /// Whether `text` holds any control character.
    public static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }

    /// The text with its control characters taken out: for names, table cells and messages,
    /// where a pasted newline or an escape would do harm and says nothing.
    public static func printable(_ text: String) -> String {
        guard hasControl(text) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.lazy.filter { !isControl($0) })
        return String(kept)
    }

    /// The text with each control character written as JSON writes it (`\n`, `\u009b`): for a
    /// value shown as JSON, which then parses back to the same text.
    public static func escaped(_ text: String) -> String {
        guard hasControl(text) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) { out += escape(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// One control character as JSON escapes it: the short forms where JSON has them, else
    /// `\u` and four hex digits.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{08}": return "\\b"
        case "\u{0C}": return "\\f"
        default:
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }
}
