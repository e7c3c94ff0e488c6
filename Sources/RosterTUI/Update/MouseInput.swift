/// The mouse on the users screen: a click selects the user under the pointer, a double click
/// switches to them (as Enter does), the wheel moves the selection, or scrolls the detail pane
/// under the pointer. Elsewhere, under the help or message box, and on other screens, it does nothing.
func mouseInput(_ model: inout Model, _ event: MouseEvent) -> [Effect] {
    guard case .list = model.mode, !model.isIdleLocked, model.help == nil, model.messageBox == nil,
        model.size.width >= MinimumSize.width, model.size.height >= MinimumSize.height
    else { return [] }
    let layout = ListLayout(model)
    if layout.detail.contains(row: event.row, column: event.column) { return mouseOverDetail(&model, event) }
    guard layout.list.contains(row: event.row, column: event.column) else { return [] }
    switch event.kind {
    case .wheelUp: return update(&model, .key(.up))
    case .wheelDown: return update(&model, .key(.down))
    case .release: return []
    case .press, .click, .doubleClick:
        let count = model.list.shownCount
        guard let index = layout.userIndex(atRow: event.row, column: event.column, selection: model.list.selection, count: count) else { return [] }
        model.lastInputAt = model.now
        let before = StatusLine.beforeKey(&model)
        model.list.selection = index
        StatusLine.afterKey(&model, before)
        guard event.kind == .doubleClick else { return [] }
        model.list.isEditingFilter = false
        return update(&model, .key(.enter))
    }
}

/// The mouse over the detail pane: the wheel scrolls it three lines at a time; clicks do nothing.
func mouseOverDetail(_ model: inout Model, _ event: MouseEvent) -> [Effect] {
    switch event.kind {
    case .wheelUp: scrollDetail(&model, by: -3)
    case .wheelDown: scrollDetail(&model, by: 3)
    case .press, .release, .click, .doubleClick: break
    }
    return []
}
