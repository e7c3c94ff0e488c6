import Testing
@testable import RosterTUI

/// A box over text hides what its edges cut in two: no `┐ches)` beside it.
@Suite struct BoxEdgeTests {
    @Test func wordsCutByTheBoxDoNotShowBesideIt() {
        var buffer = ScreenBuffer(width: 64, height: 9)
        // A word across where the box's left edge falls (column 10), and "(3 matches)" across its right (column 53).
        let text = "   longerword" + String(repeating: " ", count: 35) + "(3 matches) next"
        for row in 0..<9 { buffer.write(text, row: row, column: 0) }
        let box = drawBox(["Log Joe out?"], in: Rect(top: 0, left: 0, width: 64, height: 9), &buffer)
        #expect(box.left == 10 && box.left + box.width - 1 == 53, "\(box)")
        for row in box.top..<box.top + box.height {
            let line = buffer.lines()[row]
            #expect(!line.contains("hes)") && !line.contains("longe"), "row \(row): \(line)")
            #expect(["│", "┐", "┘"].contains { line.hasSuffix($0 + "      next") }, "row \(row): \(line)")
            #expect(line.hasPrefix(String(repeating: " ", count: 10)), "row \(row): \(line)")
        }
        // Rows the box does not cover are untouched.
        #expect(buffer.lines()[box.top + box.height] == text)
    }
}
