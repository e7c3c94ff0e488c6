import RosterTUI
import RosterWire
import Testing

@Suite struct DisplayWidthTests {
    @Test func latinWideEmojiAndCombiningMarks() {
        #expect(DisplayWidth.of("Zoë") == 3)
        #expect(DisplayWidth.of("Zoe\u{308}") == 3)  // decomposed ë: the mark takes no column
        #expect(DisplayWidth.of("张伟") == 4)
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("❤️") == 2)  // text heart made emoji by VS16
        #expect(DisplayWidth.of("ｶ") == 1)  // half-width katakana stays narrow
        #expect(DisplayWidth.of("Ａ") == 2)  // full-width Latin
        #expect(DisplayWidth.of("👍🏽") == 2)  // skin-tone modifier joins the emoji
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)  // a ZWJ family is one glyph
        #expect(DisplayWidth.of("🇫🇷") == 2)  // a flag
        #expect(DisplayWidth.of("\u{301}") == 0)  // a lone combining mark
    }

    @Test func controlCharactersAreNeverCounted() {
        #expect(DisplayWidth.of(Character("\u{1B}")) == nil)
        #expect(DisplayWidth.of(Character("\n")) == nil)
        #expect(DisplayWidth.of(Character("\r\n")) == nil)
        #expect(DisplayWidth.of("a\u{7}b\u{9B}c") == 3)
        #expect(TerminalText.printable("line1\nline2\t\u{1B}[31m") == "line1line2[31m")
    }
}
