import RosterWire

/// The users on this device, with the selected one's details beside them. Its state is the
/// model's own (the users, the filter, the selection): it is the screen under every other.
struct UserListScreen: Screen {
    var mode: Mode { .list }

    /// Keys go to the filter while it is typed, then to the detail pane when it takes them,
    /// then to the list, as the config file binds them.
    mutating func update(_ action: Action, _ model: inout Model) -> [Effect] {
        guard case .key(let key) = action else { return [] }
        if model.list.find != nil { return findKey(&model, key) }
        if model.list.isEditingFilter { return filterKey(&model, key) }
        if let effects = detailPaneKey(&model, key) { return effects }
        // The config file's keys, read as the defaults the list knows (`KeyBindings`).
        guard let key = model.keys.translated(key) else { return [] }
        return listKey(&model, key)
    }

    /// Into find as you type (whose matches `paste(_:into:)` then goes to) or the filter.
    mutating func paste(_ text: String, _ model: inout Model) {
        if var find = model.list.find {
            find.setText(find.text + TerminalText.printable(text).prefix(max(0, UserList.maxFilterLength - find.text.count)), in: model.list.findableUsers)
            model.list.find = find
            return
        }
        guard model.list.isEditingFilter else { return }
        model.list.setFilter(model.list.filter + TerminalText.printable(text).prefix(max(0, UserList.maxFilterLength - model.list.filter.count)))
    }

    func helpTopic(_ model: Model, typing: Bool) -> HelpBox.Topic? {
        (model.list.isEditingFilter || model.list.find != nil) && typing ? nil : .list
    }
}

/// A list key, by family: moving, opening a screen, acting on the selected person, paging.
private func listKey(_ model: inout Model, _ key: Key) -> [Effect] {
    listMoveKey(&model, key) ?? listScreenKey(&model, key) ?? listUserKey(&model, key) ?? listPagingKey(&model, key)
}
