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
        let widths = (0..<columns).map { column in
            all.map { $0.indices.contains(column) ? DisplayWidth.of($0[column]) : 0 }.max() ?? 0
        }
        return all.enumerated().map { index, row in
            row.enumerated().map { column, cell in
                let shown = style?(index, column).map { "\u{1B}[\($0)m\(cell)\u{1B}[0m" } ?? cell
                return column == row.count - 1 ? shown : shown + String(repeating: " ", count: widths[column] - DisplayWidth.of(cell))
            }.joined(separator: "  ")
        }
    }

    func render() -> String { lines().joined(separator: "\n") }
}
