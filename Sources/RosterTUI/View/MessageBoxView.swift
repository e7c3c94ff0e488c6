import Foundation

/// Columns of text in the message box.
func messageTextWidth(_ body: Rect) -> Int { max(10, min(76, body.width - 4) - 4) }

/// The message box's lines at `width` columns: the last message whole, wrapped, then the
/// earlier ones newest first, one line each with its age.
func messageLines(_ box: MessageBox, _ model: Model, width: Int) -> [String] {
    var lines = wrap(box.message.text, width: width)
    let earlier = model.messageLog.dropLast().reversed()
    guard !earlier.isEmpty else { return lines }
    lines += ["", "Earlier, newest first:"]
    for logged in earlier {
        let line = "\(RelativeTime.ago(logged.at, now: model.now))  \(logged.message.isError ? "error: " : "")\(logged.message.text)"
        lines.append(DisplayWidth.of(line) > width ? String(line.prefix(max(1, width - 1))) + "…" : line)
    }
    return lines
}

/// The message box over the screen: a title, the lines from its scroll, and in its bottom
/// border where it is (`▼ more · 1–20 of 34`).
func drawMessageBox(_ box: MessageBox, _ model: Model, in body: Rect, _ buffer: inout ScreenBuffer) {
    let width = min(76, body.width - 4)
    let lines = messageLines(box, model, width: messageTextWidth(body))
    let room = max(1, body.height - 3)
    let shown = min(lines.count, room)
    let first = min(max(0, box.scroll), max(0, lines.count - shown))
    let left = (body.width - width) / 2
    let top = body.top + max(0, (body.height - shown - 3) / 2)
    let frame = CellAttributes(bold: true)
    // Modal: the screen behind it is cleared, so no half-covered line shows beside the box.
    for row in body.top..<body.bottom { buffer.fill(row: row, from: body.left, width: body.width, attributes: .plain) }
    buffer.write("┌" + String(repeating: "─", count: width - 2) + "┐", row: top, column: left, attributes: frame)
    var row = top + 1
    func side() {
        buffer.fill(row: row, from: left, width: width, attributes: .plain)
        buffer.write("│", row: row, column: left, attributes: frame)
        buffer.write("│", row: row, column: left + width - 1, attributes: frame)
    }
    side()
    let title = box.message.isError ? "Last error" : "Last message"
    buffer.write(title, row: row, column: left + 2, maxWidth: width - 4, attributes: CellAttributes(bold: true, role: box.message.isError ? .error : .normal))
    for line in lines.dropFirst(first).prefix(shown) {
        row += 1
        side()
        buffer.write(line, row: row, column: left + 2, maxWidth: width - 4)
    }
    let position = lines.count > shown
        ? " \(first + shown < lines.count ? "▼ more" : "▲ top above") · \(first + 1)–\(first + shown) of \(lines.count) · ↑/↓ PgUp/PgDn "
        : ""
    let bottom = "└" + position + String(repeating: "─", count: max(0, width - 2 - DisplayWidth.of(position))) + "┘"
    buffer.write(bottom, row: row + 1, column: left, attributes: frame)
}
