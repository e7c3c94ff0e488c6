/// A text field as drawn: `[` the text `]`, `width` columns inside, and the column of the cursor
/// cell when the field is being typed into. A line longer than the box shows the part around the
/// cursor, `…` marking text cut off on either side.
///
/// A secret shows masked (`SecretMask`): a short one as one `*` a character, so the cursor sits
/// on the star of its character; a long one as its shape and length, with the cursor after it
/// at the end of the line and on its `…` anywhere else. Either way the cursor says no more than
/// the mask does.
struct TextBox {
    /// The box, brackets included.
    var text: String
    /// Columns from the box's `[` to the cursor cell; nil when no cursor is shown.
    var cursorColumn: Int?

    init(_ line: LineEditor, width: Int, secret: SecretMask? = nil, showsCursor: Bool = true) {
        let width = max(2, width)
        var shown: String
        var cursor: Int
        if let secret, line.text.count > SecretMask.longestStarred {
            shown = secret.text(of: line.text, fitting: width - 1)
            let ellipsis = shown.firstIndex(of: "…").map { DisplayWidth.of(String(shown[..<$0])) } ?? 0
            cursor = line.cursor == line.text.count ? DisplayWidth.of(shown) : ellipsis
        } else {
            let characters = secret == nil ? Array(line.text) : Array(repeating: Character("*"), count: line.text.count)
            (shown, cursor) = Self.window(characters, cursor: line.cursor, width: width)
        }
        let padding = max(0, width - DisplayWidth.of(shown))
        text = "[" + shown + String(repeating: " ", count: padding) + "]"
        cursorColumn = showsCursor ? 1 + cursor : nil
    }

    /// The characters that fit in `width` columns with the cursor among them (one column kept
    /// for the cursor at the end, or for a `…`), and the cursor's column.
    private static func window(_ characters: [Character], cursor: Int, width: Int) -> (String, Int) {
        let widths = characters.map { DisplayWidth.of(String($0)) }
        func columns(_ range: Range<Int>) -> Int { widths[range].reduce(0, +) }
        let count = characters.count
        if columns(0..<count) + 1 <= width {
            return (String(characters), columns(0..<cursor))
        }
        // Room for text from `start` to `end`: a `…` before a cut start, and one column after
        // (a `…` for a cut end, or the cursor at the very end).
        func fits(_ start: Int, _ end: Int) -> Bool {
            (start > 0 ? 1 : 0) + columns(start..<end) + 1 <= width
        }
        let mustShow = min(cursor + 1, count)
        var start = 0
        while start < cursor, !fits(start, mustShow) { start += 1 }
        var end = mustShow
        while end < count, fits(start, end + 1) { end += 1 }
        let text = (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < count ? "…" : "")
        return (text, (start > 0 ? 1 : 0) + columns(start..<cursor))
    }
}

/// The cursor of a text field: its cell in reverse of what is around it.
func drawCursor(row: Int, column: Int, _ buffer: inout ScreenBuffer) {
    guard row >= 0, row < buffer.height, column >= 0, column < buffer.width else { return }
    let cell = buffer[row, column]
    var attributes = cell.attributes
    attributes.reverse.toggle()
    buffer.write(cell.text.isEmpty ? " " : cell.text, row: row, column: column, attributes: attributes)
}
