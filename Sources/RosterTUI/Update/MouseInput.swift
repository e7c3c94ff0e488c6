/// The mouse on the user list: a click selects the user under the pointer, a double click
/// switches to them (as Enter does), the wheel moves the selection. Elsewhere, and on other
/// screens, the mouse does nothing.
func mouseInput(_ model: inout Model, _ event: MouseEvent) -> [Effect] {
    guard case .list = model.mode, !model.isIdleLocked,
        model.size.width >= MinimumSize.width, model.size.height >= MinimumSize.height
    else { return [] }
    let layout = ListLayout(size: model.size, userCount: model.visibleUsers.count)
    if layout.detail.contains(row: event.row, column: event.column) { return mouseOverDetail(&model, event) }
    guard layout.list.contains(row: event.row, column: event.column) else { return [] }
    switch event.kind {
    case .wheelUp: return update(&model, .key(.up))
    case .wheelDown: return update(&model, .key(.down))
    case .release: return []
    case .press, .click, .doubleClick:
        let count = model.visibleUsers.count
        guard let index = layout.userIndex(atRow: event.row, column: event.column, selection: model.selection, count: count) else { return [] }
        model.lastInputAt = model.now
        let before = StatusLine.beforeKey(&model)
        model.selection = index
        StatusLine.afterKey(&model, before)
        guard event.kind == .doubleClick else { return [] }
        model.isEditingFilter = false
        return update(&model, .key(.enter))
    }
}

/// The mouse over the detail pane. The pane does not scroll yet, so nothing happens.
func mouseOverDetail(_ model: inout Model, _ event: MouseEvent) -> [Effect] {
    []
}
