/// Width of the provider column; "anonymous" is the longest short name.
let providerColumnWidth = 9

/// The user list: a selection marker (`>`), the state badge (`*`, `+`, `-`), the name padded by
/// display width and the provider. It scrolls a page at a time (the last page full), so moving
/// the selection within a page rewrites only the two rows it leaves and enters.
func drawList(_ model: Model, in area: Rect, _ buffer: inout ScreenBuffer) {
    let users = model.visibleUsers
    guard !users.isEmpty else {
        let message = model.filter.isEmpty ? "No users yet. Press n to log in." : "No user matches \"\(model.filter)\"."
        buffer.write(message, row: area.top, column: area.left + 1, maxWidth: area.width - 1)
        return
    }
    let page = max(1, area.height)
    let offset = min(model.selection - model.selection % page, max(0, users.count - page))
    let nameColumn = area.left + 4
    let providerColumn = area.left + area.width - providerColumnWidth - 1
    for (row, index) in zip(area.top..<area.bottom, offset..<users.count) {
        let user = users[index]
        let selected = index == model.selection
        let base = CellAttributes(reverse: selected)
        if selected { buffer.fill(row: row, from: area.left, width: area.width, attributes: base) }
        buffer.write(selected ? ">" : " ", row: row, column: area.left, attributes: base)
        var badge = base
        badge.role = user.badge.role
        badge.bold = true
        buffer.write(user.badge.symbol, row: row, column: area.left + 2, attributes: badge)
        buffer.write(user.displayName, row: row, column: nameColumn, maxWidth: providerColumn - nameColumn - 1, attributes: base)
        var provider = base
        provider.dim = !selected
        buffer.write(user.provider, row: row, column: providerColumn, maxWidth: providerColumnWidth, attributes: provider)
    }
}
