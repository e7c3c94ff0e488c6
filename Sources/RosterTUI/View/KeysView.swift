/// The API keys screen: the owner, one row per key (name, enabled or disabled, id), and below
/// them the name being typed, or the key just made in a box with what to do with it.
func drawKeys(_ screen: KeysScreen, in area: Rect, _ buffer: inout ScreenBuffer) {
    buffer.write("API keys of \(screen.owner.name)", row: area.top, column: 1, maxWidth: area.width - 2, attributes: CellAttributes(bold: true))
    var row = area.top + 2
    guard let keys = screen.keys else {
        buffer.write("Reading the keys from the server…", row: row, column: 2, attributes: CellAttributes(dim: true))
        return
    }
    if keys.isEmpty {
        buffer.write("No API keys yet. Press n to make one.", row: row, column: 2)
        row += 1
    }
    let nameWidth = min(32, max(4, keys.map { DisplayWidth.of($0.name) }.max() ?? 4))
    let visible = max(1, area.height - 8)
    let first = max(0, min(screen.selection - visible + 1, keys.count - visible))
    for (index, key) in keys.enumerated().dropFirst(first).prefix(visible) {
        let selected = index == screen.selection
        var attributes = CellAttributes(bold: selected)
        attributes.reverse = selected
        if selected { buffer.fill(row: row, from: 0, width: area.width, attributes: attributes) }
        buffer.write(selected ? ">" : " ", row: row, column: 0, attributes: attributes)
        buffer.write(key.name, row: row, column: 2, maxWidth: nameWidth, attributes: attributes)
        var state = attributes
        state.dim = key.disabled && !selected
        buffer.write(key.disabled ? "disabled" : "enabled", row: row, column: 4 + nameWidth, attributes: state)
        buffer.write(key.id, row: row, column: 14 + nameWidth, maxWidth: max(0, area.width - 15 - nameWidth), attributes: attributes)
        row += 1
    }
    row += 1
    if let name = screen.naming, row < area.bottom {
        buffer.write("New key's name", row: row, column: 2, attributes: CellAttributes(bold: true))
        var field = CellAttributes(role: .field)
        field.reverse = true
        let box = TextBox(name, width: min(KeysScreen.maxNameLength / 2, max(10, area.width - 21)))
        buffer.write(box.text, row: row, column: 18, attributes: field)
        if let cursor = box.cursorColumn { drawCursor(row: row, column: 18 + cursor, &buffer) }
    }
    if let created = screen.created {
        drawCreated(created, owner: screen.owner.name, from: row, in: area, &buffer)
    }
}

/// The new key, shown this once, wrapped to fit, with what it does and that it will not be
/// shown again.
private func drawCreated(_ key: CreatedKey, owner: String, from top: Int, in area: Rect, _ buffer: inout ScreenBuffer) {
    let width = max(20, area.width - 4)
    var lines = ["New API key '\(key.name)': copy it now, it is not shown again."]
    lines += wrap(key.secret, width: width - 4)
    lines += ["It logs in as \(owner) until it is disabled or deleted. Press any key when done."]
    let attributes = CellAttributes(bold: true)
    var row = top
    buffer.write("┌" + String(repeating: "─", count: width - 2) + "┐", row: row, column: 1, attributes: attributes)
    for (offset, line) in lines.enumerated() where row + 1 < area.bottom {
        row += 1
        buffer.write("│", row: row, column: 1, attributes: attributes)
        let isSecret = offset > 0 && offset < lines.count - 1
        buffer.write(line, row: row, column: 3, maxWidth: width - 4, attributes: isSecret ? CellAttributes(bold: true, role: .field) : .plain)
        buffer.write("│", row: row, column: width, attributes: attributes)
    }
    if row + 1 < area.bottom {
        buffer.write("└" + String(repeating: "─", count: width - 2) + "┘", row: row + 1, column: 1, attributes: attributes)
    }
}
