/// The API keys screen: the owner, one row per key (name, enabled or disabled, id), and below
/// them the name being typed, or the key just made in a box with what to do with it.
func drawKeys(_ screen: KeysScreen, in area: Rect, _ buffer: inout ScreenBuffer) {
    buffer.write("API keys of \(screen.owner.name)", row: area.top, column: 1, maxWidth: area.width - 2, attributes: CellAttributes(bold: true))
    var row = area.top + 2
    if let created = screen.created {
        // The key alone, with room for all of it and its instructions: the list can wait.
        drawCreated(created, owner: screen.owner.name, from: row, in: area, &buffer)
        return
    }
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
}

/// The new key, shown this once: what to do, then the key on lines of its own from the first
/// column (no frame, no other text, so a copy takes the key and nothing else), then what it does
/// and that it is not shown again. The words wrap to the width; they are never cut.
private func drawCreated(_ key: CreatedKey, owner: String, from top: Int, in area: Rect, _ buffer: inout ScreenBuffer) {
    let width = max(10, area.width - 2)
    let keyLines = chunks(key.secret, width: area.width)
    let split = keyLines.count > 1 ? " It runs over \(keyLines.count) lines; copy them as one." : ""
    typealias Line = (text: String, column: Int, attributes: CellAttributes)
    let before: [Line] = wrap("New API key '\(key.name)': copy it now, it is not shown again.\(split)", width: width)
        .map { ($0, 1, CellAttributes(bold: true)) }
    let secret: [Line] = keyLines.map { ($0, area.left, CellAttributes(bold: true, role: .field)) }
    let after: [Line] = wrap("It logs in as \(owner) until it is disabled or deleted. Press any key when done.", width: width)
        .map { ($0, 1, .plain) }
    let blank: [Line] = [("", 0, .plain)]
    // Blank lines and the title go first when the screen is short; words are never cut.
    var lines = before + blank + secret + blank + after
    var row = top
    if row + lines.count > area.bottom { lines = before + secret + after }
    if row + lines.count > area.bottom { row = area.top }
    for line in lines where row < area.bottom {
        buffer.fill(row: row, from: area.left, width: area.width, attributes: .plain)
        buffer.write(line.text, row: row, column: line.column, attributes: line.attributes)
        row += 1
    }
}

/// Text cut into pieces of at most `width` columns, at any character.
private func chunks(_ text: String, width: Int) -> [String] {
    var pieces: [String] = []
    var piece = ""
    for character in text {
        if DisplayWidth.of(piece + String(character)) > width {
            pieces.append(piece)
            piece = ""
        }
        piece.append(character)
    }
    if !piece.isEmpty || pieces.isEmpty { pieces.append(piece) }
    return pieces
}
