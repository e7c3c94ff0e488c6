/// A grid of cells that `view` fills and a backend draws. Columns are display columns, so
/// `张伟` takes four cells and lines up with `Zoë` padded to the same width.
public struct ScreenBuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    private var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(row: Int, column: Int) -> Cell {
        cells[row * width + column]
    }

    /// Writes text from `column`, at most `maxWidth` columns (and never past the edge),
    /// dropping control characters and ending cut text with `…`. Returns the columns used.
    @discardableResult
    public mutating func write(
        _ text: String, row: Int, column: Int, maxWidth: Int? = nil, attributes: CellAttributes = .plain
    ) -> Int {
        guard row >= 0, row < height, column >= 0, column < width else { return 0 }
        let room = min(maxWidth ?? (width - column), width - column)
        guard room > 0 else { return 0 }
        let glyphs: [(Character, Int)] = text.compactMap { character in
            DisplayWidth.of(character).map { (character, $0) }
        }
        let total = glyphs.reduce(0) { $0 + $1.1 }
        var fitted: [(Character, Int)] = []
        if total <= room {
            fitted = glyphs
        } else {
            var used = 0
            for glyph in glyphs {
                if used + glyph.1 > room - 1 { break }
                fitted.append(glyph)
                used += glyph.1
            }
            fitted.append(("…", 1))
        }
        var at = column
        for (character, columns) in fitted {
            if columns == 0 {
                // A lone combining mark joins the previous cell's character.
                if at > column { appendMark(character, row: row, column: at - 1) }
                continue
            }
            put(Cell(text: String(character), attributes: attributes), row: row, column: at)
            if columns == 2 { put(Cell(text: "", attributes: attributes), row: row, column: at + 1) }
            at += columns
        }
        return at - column
    }

    /// Fills a run of cells with spaces with attributes (a highlighted row, a bar).
    public mutating func fill(row: Int, from column: Int = 0, width count: Int? = nil, attributes: CellAttributes) {
        guard row >= 0, row < height else { return }
        let end = min(width, column + (count ?? width))
        for at in max(0, column)..<max(max(0, column), end) {
            put(Cell(text: " ", attributes: attributes), row: row, column: at)
        }
    }

    /// Each row as text, continuation cells skipped and trailing spaces trimmed; for tests
    /// and for text captures.
    public func lines() -> [String] {
        (0..<height).map(line)
    }

    /// One row as text, as `lines()` gives it.
    public func line(_ row: Int) -> String {
        guard row >= 0, row < height else { return "" }
        var line = ""
        for column in 0..<width {
            line += cells[row * width + column].text
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// The rows that differ from `old`: all of them when the size changed.
    public func diff(from old: ScreenBuffer) -> [Int] {
        guard old.width == width, old.height == height else { return Array(0..<height) }
        return (0..<height).filter { row in
            let range = row * width..<(row + 1) * width
            return cells[range] != old.cells[range]
        }
    }

    /// Takes `row` from `other`, a buffer of the same size.
    mutating func copyRow(_ row: Int, from other: ScreenBuffer) {
        guard other.width == width, other.height == height, row >= 0, row < height else { return }
        let range = row * width..<(row + 1) * width
        cells[range] = other.cells[range]
    }

    private mutating func put(_ cell: Cell, row: Int, column: Int) {
        guard column < width else { return }
        let index = row * width + column
        // Overwriting half of a wide character blanks its other half.
        if cells[index].isContinuation, column > 0 {
            cells[index - 1] = Cell(text: " ", attributes: cells[index - 1].attributes)
        }
        if !cells[index].isContinuation, column + 1 < width, cells[index + 1].isContinuation, !cell.isContinuation {
            cells[index + 1] = Cell(text: " ", attributes: cells[index + 1].attributes)
        }
        if cell.isContinuation, column + 1 < width, cells[index + 1].isContinuation {
            cells[index + 1] = Cell(text: " ", attributes: cells[index + 1].attributes)
        }
        cells[index] = cell
    }

    private mutating func appendMark(_ mark: Character, row: Int, column: Int) {
        var index = row * width + column
        if cells[index].isContinuation, column > 0 { index -= 1 }
        cells[index].text += String(mark)
    }
}
