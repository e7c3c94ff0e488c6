import Foundation
import Testing

@testable import RosterWire

/// The one rule for text on its way to a terminal: C0, DEL, C1 and the line separators are
/// controls; names lose them, JSON escapes them and still parses back to the same value.
@Suite struct TerminalTextTests {
    /// Every control, and the printable neighbours of each range.
    static let controls: [UInt32] = Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x2028, 0x2029]
    static let neighbours: [UInt32] = [0x20, 0x7E, 0xA0, 0xA9, 0x2027, 0x202A, 0xFFFD, 0x1F600]

    @Test func controlsAreC0DelC1AndTheLineSeparators() throws {
        for value in Self.controls {
            #expect(TerminalText.isControl(try #require(Unicode.Scalar(value))), "U+\(String(value, radix: 16))")
        }
        for value in Self.neighbours {
            #expect(!TerminalText.isControl(try #require(Unicode.Scalar(value))), "U+\(String(value, radix: 16))")
        }
    }

    @Test func printableTakesEveryControlOut() {
        #expect(TerminalText.printable("Joe\u{1B}[2J\u{9B}31m\u{7F}\u{85}x\u{2028}y\r\n") == "Joe[2J31mxy")
        #expect(TerminalText.printable("Zoë 张伟 🙂") == "Zoë 张伟 🙂")
    }

    @Test func escapedWritesEachControlAsJSONDoes() {
        #expect(TerminalText.escaped("a\u{9B}b\u{7F}c\u{1B}d\n\u{2029}") == #"a\u009bb\u007fc\u001bd\n\u2029"#)
        #expect(TerminalText.escaped("plain") == "plain")
    }

    static let hostile: JSONValue = [
        "ansi\u{1B}[2J": "csi \u{9B}31m red, del \u{7F}, esc \u{1B}]0;title\u{07}, nel \u{85}, ls \u{2028}",
        "nested": ["list": ["\u{9F}\u{80}", 1], "\u{9B}key": ["$oid": "\u{9B}6\u{1B}[1m"]],
    ]

    /// Every byte of the text is printable but the line breaks and indentation JSON writes.
    static func expectNoControl(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let found = text.unicodeScalars.filter { TerminalText.isControl($0) && $0 != "\n" }
        #expect(found.isEmpty, "\(found.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
    }

    @Test func jsonForATerminalEscapesEveryControlAndParsesBack() throws {
        let text = Self.hostile.prettyText(forTerminal: true)
        Self.expectNoControl(text)
        #expect(text.contains(#"csi \u009b31m red, del \u007f, esc \u001b]0;title\u0007, nel \u0085, ls \u2028"#), "\(text)")
        #expect(try JSONValue(parsing: text) == Self.hostile)
        // What people read (plain `roster custom-data`, the switcher's pane) too, typed values
        // included.
        let readable = Self.hostile.readableText()
        Self.expectNoControl(readable)
        #expect(readable.contains(#"ObjectId("\u009b6\u001b[1m")"#), "\(readable)")
        // JSON for the wire and the store is as before: only C0 escaped, as JSON requires.
        let wire = Self.hostile.compactText
        #expect(wire.unicodeScalars.contains("\u{9B}") && wire.unicodeScalars.contains("\u{7F}"))
        #expect(!wire.unicodeScalars.contains("\u{1B}"))
        #expect(try JSONValue(parsing: wire) == Self.hostile)
    }
}
