import RosterWire

/// Keys while the filter is typed (after `/`): text edits it, Enter keeps it, Esc clears it;
/// ↑/↓ and the page keys still move the selection.
func filterKey(_ model: inout Model, _ key: Key) -> [Effect] {
    switch key {
    case .escape:
        model.list.setFilter("")
        model.list.isEditingFilter = false
    case .enter:
        model.list.isEditingFilter = false
    case .backspace:
        model.list.setFilter(String(model.list.filter.dropLast()))
    case .char(let character):
        let text = TerminalText.printable(String(character))
        if model.list.filter.count + text.count <= UserList.maxFilterLength { model.list.setFilter(model.list.filter + text) }
    case .up: model.list.moveSelection(by: -1)
    case .down: model.list.moveSelection(by: 1)
    default: _ = filterPagingKey(&model, key)
    }
    model.list.clampSelection()
    return []
}

