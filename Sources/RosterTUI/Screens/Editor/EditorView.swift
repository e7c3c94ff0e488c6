/// The custom data editor: one row per top-level field (`~` new or changed: `+` is the list's
/// "logged in") with its type and
/// value (text in quotes), the removed fields below, and the line being typed with what it will
/// be read as.
func drawEditor(_ editor: DataEditor, in area: Rect, _ buffer: inout ScreenBuffer) {
    buffer.write("Custom data of \(editor.owner.name)", row: area.top, column: 1, maxWidth: area.width - 2, attributes: CellAttributes(bold: true))
    var row = area.top + 2
    if editor.fields.isEmpty {
        buffer.write("No fields yet. Press a to add one; saving makes the document.", row: row, column: 2)
        row += 1
    }
    let keyWidth = min(24, max(4, editor.fields.map { DisplayWidth.of($0.key) }.max() ?? 4))
    let typeWidth = 9
    let reserved = 4 + (editor.removed.isEmpty ? 0 : 1)
    let visible = max(1, area.height - 2 - reserved)
    let first = max(0, min(editor.selection - visible + 1, editor.fields.count - visible))
    for (index, field) in editor.fields.enumerated().dropFirst(first).prefix(visible) {
        let selected = index == editor.selection && editor.typing == nil
        var attributes = CellAttributes(bold: selected)
        attributes.reverse = selected
        if selected { buffer.fill(row: row, from: 0, width: area.width, attributes: attributes) }
        buffer.write(selected ? ">" : " ", row: row, column: 0, attributes: attributes)
        buffer.write(field.changed ? "~" : " ", row: row, column: 1, attributes: attributes)
        buffer.write(field.key, row: row, column: 3, maxWidth: keyWidth, attributes: attributes)
        var kind = attributes
        kind.dim = !selected
        let readOnly = field.key == editor.userIdField
        buffer.write(readOnly ? "user id" : ValueKind(of: field.value).word, row: row, column: 5 + keyWidth, attributes: kind)
        let valueColumn = 5 + keyWidth + typeWidth
        buffer.write(
            DataEditor.shown(field.value) + (readOnly ? "  (read-only)" : ""), row: row, column: valueColumn, maxWidth: max(0, area.width - 1 - valueColumn),
            attributes: attributes)
        row += 1
    }
    if !editor.removed.isEmpty, row < area.bottom {
        buffer.write("removed: " + editor.removed.joined(separator: ", "), row: row, column: 3, maxWidth: area.width - 4, attributes: CellAttributes(dim: true))
        row += 1
    }
    row += 1
    guard let typing = editor.typing, row < area.bottom else { return }
    let (label, line): (String, LineEditor) =
        switch typing {
        case .newKey(let name): ("New field", name)
        case .value(let entry): ("Value of \(entry.key)", entry.line)
        }
    buffer.write(label, row: row, column: 2, attributes: CellAttributes(bold: true))
    var field = CellAttributes(role: .field)
    field.reverse = true
    if row + 1 < area.bottom {
        let box = TextBox(line, width: max(10, area.width - 6))
        buffer.write(box.text, row: row + 1, column: 2, attributes: field)
        if let cursor = box.cursorColumn { drawCursor(row: row + 1, column: 2 + cursor, &buffer) }
    }
    if case .value(let entry) = typing, row + 2 < area.bottom {
        buffer.write(readAs(entry), row: row + 2, column: 2, maxWidth: area.width - 3, attributes: CellAttributes(dim: true))
        let other = entry.asText ? "Tab: read it as JSON (42, true, {\"a\": 1})" : "Tab: take it as text"
        buffer.write(other, row: row + 3, column: 2, maxWidth: area.width - 3, attributes: CellAttributes(dim: true))
    }
}

/// What the typed value will be: `→ number (was text): 42`, or why it is none yet.
private func readAs(_ entry: DataEditor.ValueEntry) -> String {
    guard let value = entry.value else {
        return "→ not JSON; \(entry.key) stays \(entry.original.map { ValueKind(of: $0).phrase } ?? "a value") unless Tab takes it as text"
    }
    let now = ValueKind(of: value)
    let change = entry.original.map { ValueKind(of: $0) == now ? "" : " (was \(ValueKind(of: $0).word))" } ?? ""
    return "→ \(now.word)\(change): \(DataEditor.shown(value))"
}
