
/// The user list: a selection marker (`>`), the state badge (`*`, `+`, `-`), the name padded by
/// display width (cut so that it still tells users apart) and the provider. It scrolls a page
/// at a time (see `ListLayout`).
func drawList(_ model: Model, layout: ListLayout, _ buffer: inout ScreenBuffer) {
    let area = layout.list
    let count = model.list.shownCount
    guard count > 0 else {
        let message = model.list.filter.isEmpty ? "No users yet. Press \(model.keys.key(.logIn)) to log in." : "No user matches \"\(model.list.filter)\"."
        // Wrapped to the list's width, so a narrow list still says it whole.
        for (row, line) in zip(area.top..<area.bottom, wrap(message, width: area.width - 1)) {
            buffer.write(line, row: row, column: area.left + 1, maxWidth: area.width - 1)
        }
        return
    }
    let offset = layout.firstShown(selection: model.list.selection, count: count)
    let nameColumn = area.left + 4
    let providerWidth = model.list.providerColumnWidth
    let providerColumn = area.left + area.width - providerWidth - 1
    for (row, index) in zip(area.top..<area.bottom, offset..<count) {
        let selected = index == model.list.selection
        let base = CellAttributes(reverse: selected)
        if selected { buffer.fill(row: row, from: area.left, width: area.width, attributes: base) }
        buffer.write(selected ? ">" : " ", row: row, column: area.left, attributes: base)
        // A long list's rows past those held show as being read, for the moment it takes.
        guard let user = model.list.shownUser(at: index) else {
            var reading = base
            reading.dim = true
            buffer.write("…", row: row, column: nameColumn, attributes: reading)
            continue
        }
        var badge = base
        badge.role = user.badge.role
        badge.bold = true
        buffer.write(user.badge.symbol, row: row, column: area.left + 2, attributes: badge)
        let nameWidth = providerColumn - nameColumn - 1
        buffer.write(NameFitting.fitted(user.displayName, width: nameWidth), row: row, column: nameColumn, maxWidth: nameWidth, attributes: base)
        var provider = base
        provider.dim = !selected
        buffer.write(user.providerName, row: row, column: providerColumn, maxWidth: providerWidth, attributes: provider)
    }
}
