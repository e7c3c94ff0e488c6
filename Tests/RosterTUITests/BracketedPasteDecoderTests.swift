@testable import RosterTUI
import Testing

/// What curses reads with bracketed paste on, turned into keys: a paste between `ESC[200~` and
/// `ESC[201~` is one `Key.paste`, and everything else reads as it did before.
@Suite struct BracketedPasteDecoderTests {
    static let start = "\u{1B}[200~"
    static let end = "\u{1B}[201~"

    @Test func aPasteIsOneKeyHoweverItReads() {
        var decoder = BracketedPasteDecoder()
        #expect(decoder.read("\(Self.start)xy\(Self.end)") == [.paste("xy")])
        #expect(!decoder.isWaiting)
        // Newlines, tabs and wide characters stay in the paste; the form drops what it cannot hold.
        #expect(decoder.read("\(Self.start)emma@example.com\rpa55word\r\t张伟\(Self.end)") == [.paste("emma@example.com\rpa55word\r\t张伟")])
        // Nothing comes out until the paste ends.
        #expect(decoder.read("\(Self.start)x") == [])
        #expect(decoder.isPasting)
        #expect(decoder.read("y\u{1B}[201") == [])
        #expect(decoder.read("~q") == [.paste("xy"), .char("q")])
    }

    @Test func whatLooksLikeTheEndMarkerInsideAPasteIsText() {
        var decoder = BracketedPasteDecoder()
        let inside = "a\u{1B}[20b\u{1B}\u{1B}[2c\u{1B}[201"
        #expect(decoder.read(Self.start + inside + "x" + Self.end) == [.paste(inside + "x")])
    }

    @Test func typingReadsAsBefore() {
        var decoder = BracketedPasteDecoder()
        #expect(decoder.read("xy\r\t") == [.char("x"), .char("y"), .enter, .tab])
        #expect(decoder.read(keyCode: 259) == [.up])
        // A lone Esc waits for what follows; nothing follows, so it is Esc.
        #expect(decoder.read("\u{1B}") == [])
        #expect(decoder.isWaiting && !decoder.isPasting)
        #expect(decoder.inputPaused() == [.escape])
        // Esc then a letter (Alt-x), Esc then a key code: both keys, in order.
        #expect(decoder.read("\u{1B}x") == [.escape, .char("x")])
        #expect(decoder.read("\u{1B}") == [])
        #expect(decoder.read(keyCode: 258) == [.escape, .down])
        // Esc Esc, then a paste.
        #expect(decoder.read("\u{1B}\u{1B}\(Self.start)ok\(Self.end)") == [.escape, .escape, .paste("ok")])
    }

    @Test func aMarkerCutShortIsTheKeysItLookedLike() {
        var decoder = BracketedPasteDecoder()
        #expect(decoder.read("\u{1B}[20") == [])
        #expect(decoder.inputPaused() == [.escape, .char("["), .char("2"), .char("0")])
        #expect(decoder.read("\u{1B}[21x") == [.escape, .char("["), .char("2"), .char("1"), .char("x")])
    }

    @Test func aPasteWhoseEndNeverComesIsStillOnePaste() {
        var decoder = BracketedPasteDecoder()
        #expect(decoder.read("\(Self.start)xy\u{1B}[20") == [])
        #expect(decoder.inputPaused() == [.paste("xy\u{1B}[20")])
        #expect(!decoder.isWaiting)
        #expect(decoder.read("x") == [.char("x")])
        // An empty paste is nothing at all.
        #expect(decoder.read(Self.start + Self.end) == [])
    }

    @Test func keyCodesInsideAPasteAreDropped() {
        var decoder = BracketedPasteDecoder()
        #expect(decoder.read(Self.start + "a") == [])
        #expect(decoder.read(keyCode: 259) == [])
        #expect(decoder.read("b" + Self.end) == [.paste("ab")])
    }

    @Test func aHugePasteIsCut() {
        var decoder = BracketedPasteDecoder()
        let keys = decoder.read(Self.start + String(repeating: "a", count: BracketedPasteDecoder.maxPasteLength + 100) + Self.end)
        #expect(keys == [.paste(String(repeating: "a", count: BracketedPasteDecoder.maxPasteLength))])
    }
}

extension BracketedPasteDecoder {
    /// Reads each character of `text` as curses would deliver it.
    mutating func read(_ text: String) -> [Key] {
        text.unicodeScalars.flatMap { read(character: $0.value) }
    }
}
