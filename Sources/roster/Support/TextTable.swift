import RosterTUI

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

    func lines() -> [String] {
        let all = ((header.map { [$0] } ?? []) + rows).map { $0.map(DisplayWidth.printable) }
        guard let columns = all.map(\.count).max() else { return [] }
        let widths = (0..<columns).map { column in
            all.map { $0.indices.contains(column) ? DisplayWidth.of($0[column]) : 0 }.max() ?? 0
        }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - DisplayWidth.of(cell))
            }.joined(separator: "  ")
        }
    }

    func render() -> String { lines().joined(separator: "\n") }
}
