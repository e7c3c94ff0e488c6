import Foundation
import RosterCore

/// The device's history, newest first: when, what, who, from the screen's first entry on, and
/// where that is when they do not all fit (`12–35 of 38 · ↓ more`). Never a secret: the store
/// holds none.
func drawHistory(_ screen: HistoryScreen, now: Date, in body: Rect, _ buffer: inout ScreenBuffer) {
    buffer.write("History of this device", row: body.top, column: 1, attributes: CellAttributes(bold: true))
    guard let entries = screen.entries else {
        buffer.write("Reading…", row: body.top + 2, column: 3, attributes: CellAttributes(dim: true))
        return
    }
    if entries.isEmpty { buffer.write("Nothing has happened here yet.", row: body.top + 2, column: 3) }
    let rows = max(1, body.height - 3)
    let shown = entries.dropFirst(screen.top).prefix(rows)
    for (offset, entry) in shown.enumerated() {
        let row = body.top + 2 + offset
        let when = RelativeTime.ago(entry.at, now: now)
        buffer.write(when, row: row, column: 3, maxWidth: 16, attributes: CellAttributes(dim: true))
        buffer.write(entry.event.rawValue, row: row, column: 20, maxWidth: 13, attributes: CellAttributes(bold: true))
        buffer.write(entry.userName ?? "", row: row, column: 35, maxWidth: max(0, body.width - 36))
    }
    guard entries.count > rows else { return }
    let first = screen.top + 1
    let last = screen.top + shown.count
    var position = "\(first)–\(last) of \(entries.count)"
    if screen.top > 0 { position += " · ↑ newer" }
    if last < entries.count { position += " · ↓ more" }
    buffer.write(position, row: body.bottom - 1, column: 3, maxWidth: max(0, body.width - 4), attributes: CellAttributes(dim: true))
}
