import Foundation
import RosterCore
/// The smallest terminal the switcher draws on; below it the screen says what it needs.
public enum MinimumSize {
    public static let width = 40
    public static let height = 10
}

/// Terminals at least this wide show the list and the detail pane side by side.
public let twoColumnWidth = 80

/// Draws the model into a new buffer of the given size. Pure: the same model and size give
/// the same buffer, so every screen can be asserted on its text.
///
/// Rows: a title, the body (list and detail, help, dialog or form), a key-hint line and a
/// status line with the last result and the active user.
public func view(_ model: Model, size: (width: Int, height: Int)) -> ScreenBuffer {
    var buffer = ScreenBuffer(width: size.width, height: size.height)
    guard size.width >= MinimumSize.width, size.height >= MinimumSize.height else {
        drawTooSmall(&buffer)
        return buffer
    }
    drawTitle(model, &buffer)
    let body = ListLayout.body(width: size.width, height: size.height)
    switch model.mode {
    case .list where model.isIdleLocked:
        drawIdleLock(model, in: body, &buffer)
    case .list:
        drawUsers(model, in: body, &buffer)
    case .secretPrompt(let prompt):
        if model.isIdleLocked { drawIdleLock(model, in: body, &buffer) } else { drawUsers(model, in: body, &buffer) }
        drawSecretPrompt(prompt, now: model.now, in: body, &buffer)
    case .history(let screen):
        drawHistory(screen, now: model.now, in: body, &buffer)
    case .confirm(let question):
        drawUsers(model, in: body, &buffer)
        let user = model.list.user(id: question.userId)
        drawDialog(question.dialog(name: user?.displayName ?? question.userId, user: user), in: body, &buffer)
    case .loginForm(let form):
        drawForm(form, now: model.now, in: body, &buffer)
    case .dataEditor(let editor):
        drawEditor(editor, in: body, &buffer)
        if let closing = editor.closing { drawDialog(closing.dialog, in: body, &buffer) }
    case .account(let form):
        drawAccountForm(form, outbox: model.outbox, caveat: model.kioskCaveat, in: body, &buffer)
    case .apiKeys(let screen):
        drawKeys(screen, in: body, &buffer)
        if let deleting = screen.deleting { drawDialog(deleting, in: body, &buffer) }
    case .failure(let message):
        drawFailure(message, in: body, &buffer)
    }
    if let box = model.messageBox { drawMessageBox(box, model, in: body, &buffer) }
    if let help = model.help { drawHelpBox(help, policy: model.policy, keys: model.keys, caveat: model.kioskCaveat, in: body, &buffer) }
    drawStatus(model, &buffer)
    return buffer
}

/// A region of the screen.
struct Rect {
    var top: Int
    var left: Int
    var width: Int
    var height: Int
    var bottom: Int { top + height }
}

private func drawTooSmall(_ buffer: inout ScreenBuffer) {
    let lines = [
        "Terminal too small (\(buffer.width)x\(buffer.height)).",
        "Roster needs at least \(MinimumSize.width)x\(MinimumSize.height).",
    ]
    for (offset, line) in lines.enumerated() {
        buffer.write(line, row: min(buffer.height - 1, buffer.height / 2 - 1 + offset), column: 0)
    }
}

private func drawTitle(_ model: Model, _ buffer: inout ScreenBuffer) {
    let count = model.list.deviceUserCount
    let lock = model.policy.lockAfter.map { " · locks after \(RelativeTime.span($0))" } ?? ""
    // A long list's count for a filter just typed is the store's to give: "…" until it does.
    let reading = model.list.window.map { $0.query != model.list.query } ?? false
    let shown = reading ? "… of " : model.list.filter.isEmpty ? "" : "\(model.list.shownCount) of "
    let title = "Roster · \(shown)\(count) \(count == 1 ? "user" : "users") · policy: \(model.policy.switching.rawValue)\(lock)"
    buffer.fill(row: 0, attributes: CellAttributes(reverse: true, role: .title))
    buffer.write(title, row: 0, column: 1, attributes: CellAttributes(bold: true, reverse: true, role: .title))
    if let find = model.list.find {
        let position =
            find.isLooking ? "looking…" : find.rank(of: model.list.selection).map { "\($0 + 1) of \(find.positions.count)" } ?? (find.text.isEmpty ? "" : "no match")
        let text = "find: \(find.text)_" + (position.isEmpty ? "" : " · " + position)
        let width = min(DisplayWidth.of(text), buffer.width / 2)
        buffer.write(text, row: 0, column: buffer.width - width - 1, maxWidth: width, attributes: CellAttributes(reverse: true, role: .title))
    } else if model.list.isEditingFilter || !model.list.filter.isEmpty {
        let filter = "filter: /\(model.list.filter)\(model.list.isEditingFilter ? "_" : "")"
        let width = min(DisplayWidth.of(filter), buffer.width / 2)
        buffer.write(filter, row: 0, column: buffer.width - width - 1, maxWidth: width, attributes: CellAttributes(reverse: true, role: .title))
    }
}

private func drawUsers(_ model: Model, in body: Rect, _ buffer: inout ScreenBuffer) {
    let layout = ListLayout(body: body, userCount: model.list.shownCount, detailFocused: model.list.detail.isFocused)
    drawList(model, layout: layout, &buffer)
    // The divider is bold while the detail pane has the keys.
    let divider = CellAttributes(bold: model.list.detail.isFocused, dim: !model.list.detail.isFocused)
    if let column = layout.dividerColumn {
        for row in body.top..<body.bottom {
            buffer.write("│", row: row, column: column, attributes: divider)
        }
    }
    if let row = layout.ruleRow {
        buffer.write(String(repeating: "─", count: body.width), row: row, column: 0, attributes: divider)
    }
    drawDetail(model.list.selectedUser, pane: model.list.detail, now: model.now, in: layout.detail, &buffer)
}

private func drawFailure(_ message: String, in body: Rect, _ buffer: inout ScreenBuffer) {
    buffer.write("Roster cannot go on", row: body.top + 1, column: 2, attributes: CellAttributes(bold: true, role: .error))
    let lines = wrap(message, width: body.width - 4)
    for (offset, line) in lines.prefix(max(0, body.height - 5)).enumerated() {
        buffer.write(line, row: body.top + 3 + offset, column: 2)
    }
    buffer.write("Press q to quit.", row: body.top + 4 + min(lines.count, max(0, body.height - 5)), column: 2)
}

/// Breaks text into lines of at most `width` columns, at spaces where it can.
func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
        var word = word
        while DisplayWidth.of(word) > width {
            if !line.isEmpty {
                lines.append(line)
                line = ""
            }
            var head = ""
            while let first = word.first, DisplayWidth.of(head + String(first)) <= width {
                head.append(first)
                word.removeFirst()
            }
            lines.append(head)
        }
        if line.isEmpty {
            line = word
        } else if DisplayWidth.of(line + " " + word) <= width {
            line += " " + word
        } else {
            lines.append(line)
            line = word
        }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
}

/// A dialog: its lines, then the buttons, the focused one in brackets and reverse video.
private func drawDialog(_ dialog: Dialog, in body: Rect, _ buffer: inout ScreenBuffer) {
    let box = drawBox(dialog.lines + ["", dialog.buttonRow], in: body, &buffer)
    let row = box.top + 1 + dialog.lines.count + 1
    for column in dialog.focusedColumns {
        let at = box.left + 2 + column
        guard at < box.left + box.width - 2 else { break }
        let cell = buffer[row, at]
        guard !cell.isContinuation else { continue }
        buffer.write(cell.text, row: row, column: at, attributes: CellAttributes(bold: true, reverse: true))
    }
}

/// A framed box of lines in the middle of the body, over what is drawn there; returns where.
@discardableResult
func drawBox(_ lines: [String], in body: Rect, _ buffer: inout ScreenBuffer) -> Rect {
    let width = min(body.width - 4, max(40, lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4)
    let left = (body.width - width) / 2
    let top = body.top + max(0, (body.height - lines.count - 2) / 2)
    let attributes = CellAttributes(bold: true)
    let cut = (top...top + lines.count + 1).map { row in WordsCut(row: row, left: left, right: left + width - 1, buffer) }
    buffer.write("┌" + String(repeating: "─", count: width - 2) + "┐", row: top, column: left, attributes: attributes)
    for (offset, line) in lines.enumerated() {
        let row = top + 1 + offset
        buffer.fill(row: row, from: left, width: width, attributes: .plain)
        buffer.write("│", row: row, column: left, attributes: attributes)
        buffer.write(line, row: row, column: left + 2, maxWidth: width - 4)
        buffer.write("│", row: row, column: left + width - 1, attributes: attributes)
    }
    buffer.write("└" + String(repeating: "─", count: width - 2) + "┘", row: top + lines.count + 1, column: left, attributes: attributes)
    for words in cut { words.hide(&buffer) }
    return Rect(top: top, left: left, width: width, height: lines.count + 2)
}

/// Words a box's edges cut in two on one row: what shows of them beside the box is hidden, so
/// no fragment (`┐ches)`) reads as text of its own.
private struct WordsCut {
    let row: Int
    let left: Int
    let right: Int
    let atLeft: Bool
    let atRight: Bool

    /// Read before the box is drawn: a word is cut where the edge's cell and its neighbour outside are both text.
    init(row: Int, left: Int, right: Int, _ buffer: ScreenBuffer) {
        func isText(_ column: Int) -> Bool { column >= 0 && column < buffer.width && row >= 0 && row < buffer.height && buffer[row, column].text != " " }
        self.row = row
        self.left = left
        self.right = right
        atLeft = isText(left) && isText(left - 1)
        atRight = isText(right) && isText(right + 1)
    }

    func hide(_ buffer: inout ScreenBuffer) {
        if atRight {
            var column = right + 1
            while column < buffer.width, buffer[row, column].text != " " {
                buffer.fill(row: row, from: column, width: 1, attributes: buffer[row, column].attributes)
                column += 1
            }
        }
        if atLeft {
            var column = left - 1
            while column >= 0, buffer[row, column].text != " " {
                buffer.fill(row: row, from: column, width: 1, attributes: buffer[row, column].attributes)
                column -= 1
            }
        }
    }
}

private func drawStatus(_ model: Model, _ buffer: inout ScreenBuffer) {
    let hintRow = buffer.height - 2
    let statusRow = buffer.height - 1
    var hintWidth = buffer.width
    if let position = listPosition(model, width: buffer.width, height: buffer.height) {
        let width = DisplayWidth.of(position)
        buffer.write(position, row: hintRow, column: buffer.width - width, attributes: CellAttributes(dim: true, role: .hint))
        hintWidth -= width + 1
    }
    buffer.write(KeyHints.line(for: model, width: hintWidth), row: hintRow, column: 0, maxWidth: hintWidth, attributes: CellAttributes(dim: true, role: .hint))
    let active = "active: \(model.list.currentUser?.displayName ?? "none")"
    let activeWidth = min(DisplayWidth.of(active), buffer.width / 2)
    buffer.write(active, row: statusRow, column: buffer.width - activeWidth, maxWidth: activeWidth, attributes: CellAttributes(bold: true))
    var left = model.isBusy ? Spinner.frame(model.spinnerFrame) + " " : ""
    if let status = model.status {
        left += status.isError ? "error: \(status.text)" : status.text
    } else if model.isBusy {
        left += "working…"
    }
    let attributes = model.status?.isError == true ? CellAttributes(bold: true, role: .error) : CellAttributes.plain
    let room = buffer.width - activeWidth - 1
    // A message cut short says how to read it whole.
    let more = " ! more"
    if DisplayWidth.of(left) > room, room > DisplayWidth.of(more) + 10 {
        let used = buffer.write(left, row: statusRow, column: 0, maxWidth: room - DisplayWidth.of(more), attributes: attributes)
        buffer.write(more, row: statusRow, column: used, attributes: CellAttributes(dim: true, role: .hint))
    } else {
        buffer.write(left, row: statusRow, column: 0, maxWidth: room, attributes: attributes)
    }
}

/// `12/40` on the list screen when the users do not all fit: the selected one, and how many.
private func listPosition(_ model: Model, width: Int, height: Int) -> String? {
    switch model.mode {
    case .list, .confirm, .secretPrompt: if model.isIdleLocked { return nil }
    default: return nil
    }
    let count = model.list.shownCount
    let layout = ListLayout(size: TerminalSize(width: width, height: height), userCount: count)
    guard count > layout.pageSize else { return nil }
    return "\(model.list.selection + 1)/\(count)"
}

