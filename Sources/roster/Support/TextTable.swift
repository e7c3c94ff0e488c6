import RosterTUI
import RosterWire

/// Rows of text in columns, lined up by display width (a wide character takes two cells) and two
/// spaces apart; the last column is not padded, so no line ends in spaces. Cells lose their
/// control characters: names and emails come from a server, and an escape sequence in one must
/// not reach the terminal.
///
///     TextTable(header: ["ID", "STATE", "NAME"], rows: [["65a1", "enabled", "kiosk"]]).render()
///     // ID    STATE    NAME
///     // 65a1  enabled  kiosk
struct TextTable {
    var header: [String]?
    var rows: [[String]]
    /// SGR codes (`"1;32"`) for cells of the header (row 0 when there is one) and rows, by row
    /// and column; nil for none. Padding stays outside the colour, so columns still line up.
    var style: ((_ row: Int, _ column: Int) -> String?)? = nil

    func lines() -> [String] {
        let all = ((header.map { [$0] } ?? []) + rows).map { $0.map(TerminalText.printable) }
        guard let columns = all.map(\.count).max() else { return [] }
        // Each cell measured once: a table of thousands of users is mostly these widths.
        let cellWidths = all.map { $0.map(Self.width) }
        var widths = Array(repeating: 0, count: columns)
        for row in cellWidths {
            for (column, width) in row.enumerated() { widths[column] = max(widths[column], width) }
        }
        return all.enumerated().map { index, row in
            row.enumerated().map { column, cell in
                let shown = style?(index, column).map { "\u{1B}[\($0)m\(cell)\u{1B}[0m" } ?? cell
                return column == row.count - 1 ? shown : shown + String(repeating: " ", count: widths[column] - cellWidths[index][column])
            }.joined(separator: "  ")
        }
    }

    /// The cells `text` takes: printable ASCII one a byte, without looking up each character.
    static func width(_ text: String) -> Int {
        text.utf8.allSatisfy { (0x20..<0x7F).contains($0) } ? text.utf8.count : DisplayWidth.of(text)
    }

    func render() -> String { lines().joined(separator: "\n") }
}
