/// Paging keys on the user list: PageUp/PageDown a page, Ctrl-U/Ctrl-D half a page, Home/End
/// the first and last user. A page is as many users as the list shows at the terminal's size.
func listPagingKey(_ model: inout Model, _ key: Key) -> [Effect] {
    let page = ListLayout(model).pageSize
    switch key {
    case .pageDown: moveSelection(&model, by: page)
    case .pageUp: moveSelection(&model, by: -page)
    case .ctrlD: moveSelection(&model, by: max(1, page / 2))
    case .ctrlU: moveSelection(&model, by: -max(1, page / 2))
    case .home: model.selection = 0
    case .end: model.selection = max(0, model.shownCount - 1)
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
