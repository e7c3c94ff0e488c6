extension KeysScreen: Screen {
    var mode: Mode { .apiKeys(self) }

    /// Keys on the screen, the owner's keys as the server lists them, a key just made; an owner
    /// who left the device (or was logged out elsewhere) takes the screen along.
    mutating func update(_ action: Action, _ model: inout Model) -> [Effect] {
        switch action {
        case .key(let key):
            return keysKey(&model, &self, key)
        case .apiKeysLoaded(let owner, let rows) where owner == self.owner.id:
            keys = rows
            selection = min(selection, max(0, rows.count - 1))
        case .apiKeyCreated(let owner, let key) where owner == self.owner.id:
            naming = nil
            created = key
        case .usersLoaded where model.list.user(id: owner.id)?.isLoggedIn != true:
            model.mode = .list
        default: break
        }
        return []
    }

    mutating func paste(_ text: String, _ model: inout Model) {
        guard created == nil, deleting == nil, var name = naming else { return }
        name.insert(text)
        naming = name
    }

    func helpTopic(_ model: Model, typing: Bool) -> HelpBox.Topic? {
        created == nil && deleting == nil && (naming == nil || !typing) ? .apiKeys : nil
    }
}

/// Keys on the API keys screen. A key just made is shown until any key is pressed; while a
/// name is typed, keys edit it; a delete waits for `y`. Otherwise: move, `n` new, Space
/// enable/disable, `d` delete, `r` read again, Esc back to the users.
private func keysKey(_ model: inout Model, _ screen: inout KeysScreen, _ key: Key) -> [Effect] {
    let owner = screen.owner
    if screen.created != nil {
        // The secret leaves the model (and the screen) with this key press.
        screen.created = nil
        model.status = StatusMessage("The new key is no longer shown")
        return []
    }
    if var name = screen.naming {
        switch key {
        case .escape:
            screen.naming = nil
            model.status = StatusMessage("No key made")
        case .enter:
            let trimmed = name.text.trimmingSpaces
            guard !trimmed.isEmpty else {
                model.status = StatusMessage("Type a name for the key", isError: true)
                return []
            }
            guard !(screen.keys ?? []).contains(where: { $0.name == trimmed }) else {
                model.status = StatusMessage("\(owner.name) already has a key named '\(trimmed)'", isError: true)
                return []
            }
            guard !model.isBusy else { return stillWorking(&model) }
            model.status = StatusMessage("Making API key '\(trimmed)'…")
            return [.keys(.create(owner: owner.id, name: trimmed))]
        default:
            if name.apply(key) { screen.naming = name }
        }
        return []
    }
    if var dialog = screen.deleting {
        guard let answer = dialog.press(key) else {
            screen.deleting = dialog
            return []
        }
        screen.deleting = nil
        guard answer == 1, let selected = screen.selectedKey else {
            model.status = StatusMessage("Nothing deleted")
            return []
        }
        guard !model.isBusy else { return stillWorking(&model) }
        model.status = StatusMessage("Deleting API key '\(selected.name)'…")
        return [.keys(.delete(owner: owner.id, keyId: selected.id))]
    }
    let count = screen.keys?.count ?? 0
    switch key {
    case .escape:
        model.mode = .list
        model.status = nil
    case .char("q"):
        return [.quit]
    case .up, .char("k"):
        screen.selection = max(0, screen.selection - 1)
    case .down, .char("j"):
        screen.selection = min(max(0, count - 1), screen.selection + 1)
    case .char("n"):
        screen.naming = LineEditor(limit: KeysScreen.maxNameLength)
        model.status = StatusMessage("Name the new key, then Enter")
    case .char(" "), .char("e"):
        guard let selected = screen.selectedKey else { return noKey(&model) }
        guard !model.isBusy else { return stillWorking(&model) }
        model.status = StatusMessage("\(selected.disabled ? "Enabling" : "Disabling") API key '\(selected.name)'…")
        return [.keys(.setEnabled(owner: owner.id, keyId: selected.id, enabled: selected.disabled))]
    case .char("d"):
        guard let selected = screen.selectedKey else { return noKey(&model) }
        screen.deleting = Dialog(
            lines: ["Delete API key '\(selected.name)'?", "Whatever logs in with it can no longer."], buttons: ["Keep", "Delete"])
    case .char("r"):
        guard !model.isBusy else { return stillWorking(&model) }
        return [.keys(.load(owner: owner.id))]
    default: break
    }
    return []
}

private func noKey(_ model: inout Model) -> [Effect] {
    model.status = StatusMessage("No key selected; press n to make one", isError: true)
    return []
}
