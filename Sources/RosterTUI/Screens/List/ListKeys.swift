/// Paging keys on the user list: PageUp/PageDown a page, Ctrl-U/Ctrl-D half a page, Home/End
/// the first and last user. A page is as many users as the list shows at the terminal's size.
func listPagingKey(_ model: inout Model, _ key: Key) -> [Effect] {
    let page = ListLayout(model).pageSize
    switch key {
    case .pageDown: model.list.moveSelection(by: page)
    case .pageUp: model.list.moveSelection(by: -page)
    case .ctrlD: model.list.moveSelection(by: max(1, page / 2))
    case .ctrlU: model.list.moveSelection(by: -max(1, page / 2))
    case .home: model.list.selection = 0
    case .end: model.list.selection = max(0, model.list.shownCount - 1)
    default: break
    }
    return []
}

/// While the filter is typed, only the keys that are not text editing page through the list.
func filterPagingKey(_ model: inout Model, _ key: Key) -> [Effect] {
    switch key {
    case .pageUp, .pageDown: listPagingKey(&model, key)
    default: []
    }
}
