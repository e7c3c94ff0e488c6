import Foundation
import RosterCore

/// The device's history, newest first: when, what, who. Never a secret: the store holds none.
func drawHistory(_ entries: [HistoryEntry]?, now: Date, in body: Rect, _ buffer: inout ScreenBuffer) {
    buffer.write("History of this device", row: body.top, column: 1, attributes: CellAttributes(bold: true))
    guard let entries else {
        buffer.write("Reading…", row: body.top + 2, column: 3, attributes: CellAttributes(dim: true))
        return
    }
    if entries.isEmpty { buffer.write("Nothing has happened here yet.", row: body.top + 2, column: 3) }
    for (offset, entry) in entries.enumerated() {
        let row = body.top + 2 + offset
        guard row < body.bottom else { break }
        let when = RelativeTime.ago(entry.at, now: now)
        buffer.write(when, row: row, column: 3, maxWidth: 16, attributes: CellAttributes(dim: true))
        buffer.write(entry.event.rawValue, row: row, column: 20, maxWidth: 13, attributes: CellAttributes(bold: true))
        buffer.write(entry.userName ?? "", row: row, column: 35, maxWidth: max(0, body.width - 36))
    }
}
