import RosterTUI
import Testing

@Suite struct ScreenBufferTests {
    @Test func writesAndTrimsLines() {
        var buffer = ScreenBuffer(width: 10, height: 2)
        let used = buffer.write("hi", row: 0, column: 3, attributes: CellAttributes(bold: true))
        #expect(used == 2)
        #expect(buffer.lines() == ["   hi", ""])
        #expect(buffer[0, 3].attributes.bold)
        #expect(!buffer[0, 5].attributes.bold)
    }

    @Test func truncatesByDisplayWidthWithEllipsis() {
        var buffer = ScreenBuffer(width: 20, height: 3)
        buffer.write("abcdefgh", row: 0, column: 0, maxWidth: 5)
        buffer.write("张伟张伟", row: 1, column: 0, maxWidth: 6)
        buffer.write("0123456789", row: 2, column: 15)
        #expect(buffer.lines() == ["abcd…", "张伟…", "               0123…"])
    }

    @Test func wideCharactersTakeTwoCellsAndDropControls() {
        var buffer = ScreenBuffer(width: 12, height: 1)
        let used = buffer.write("张\u{1B}😀e\u{301}|", row: 0, column: 0)
        #expect(used == 6)
        #expect(buffer[0, 1].isContinuation)
        #expect(buffer[0, 3].isContinuation)
        #expect(buffer.lines() == ["张😀é|"])
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.write("张伟", row: 0, column: 0)
        buffer.write("x", row: 0, column: 1)
        #expect(buffer.lines() == [" x伟"])
        buffer.write("y", row: 0, column: 2)
        #expect(buffer.lines() == [" xy"])
    }

    @Test func diffNamesOnlyChangedRows() {
        var old = ScreenBuffer(width: 10, height: 4)
        old.write("same", row: 0, column: 0)
        old.write("before", row: 2, column: 0)
        var new = old
        #expect(new.diff(from: old) == [])
        new.write("after!", row: 2, column: 0)
        new.write("s", row: 3, column: 0, attributes: CellAttributes(reverse: true))
        #expect(new.diff(from: old) == [2, 3])
        #expect(new.diff(from: ScreenBuffer(width: 9, height: 4)) == [0, 1, 2, 3])
    }

    @Test func writesOutsideTheGridAreIgnored() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        #expect(buffer.write("x", row: 1, column: 0) == 0)
        #expect(buffer.write("x", row: 0, column: 4) == 0)
        #expect(buffer.write("x", row: -1, column: 0) == 0)
        #expect(buffer.lines() == [""])
    }
}
