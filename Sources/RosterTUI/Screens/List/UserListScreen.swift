import RosterWire

/// The users on this device, with the selected one's details beside them. Its state is the
/// model's own (the users, the filter, the selection): it is the screen under every other.
struct UserListScreen: Screen {
    var mode: Mode { .list }

    /// Keys go to the filter while it is typed, then to the detail pane when it takes them,
    /// then to the list, as the config file binds them.
    mutating func update(_ action: Action, _ model: inout Model) -> [Effect] {
        guard case .key(let key) = action else { return [] }
        if model.find != nil { return findKey(&model, key) }
        if model.isEditingFilter { return filterKey(&model, key) }
        if let effects = detailPaneKey(&model, key) { return effects }
        // The config file's keys, read as the defaults the list knows (`KeyBindings`).
        guard let key = model.keys.translated(key) else { return [] }
        return listKey(&model, key)
    }

    /// Into find as you type (whose matches `paste(_:into:)` then goes to) or the filter.
    mutating func paste(_ text: String, _ model: inout Model) {
        if var find = model.find {
            find.setText(find.text + TerminalText.printable(text).prefix(max(0, Model.maxFilterLength - find.text.count)), in: model.findableUsers)
            model.find = find
            return
        }
        guard model.isEditingFilter else { return }
        model.filter += TerminalText.printable(text).prefix(max(0, Model.maxFilterLength - model.filter.count))
    }

    func helpTopic(_ model: Model, typing: Bool) -> HelpBox.Topic? {
        (model.isEditingFilter || model.find != nil) && typing ? nil : .list
    }
}

private func listKey(_ model: inout Model, _ key: Key) -> [Effect] {
    switch key {
    case .up, .char("k"): moveSelection(&model, by: -1)
    case .down, .char("j"): moveSelection(&model, by: 1)
    case .char("y"):
        // lazygit's and k9s's key: the selected person's id, to paste into a script or a ticket.
        guard let user = model.selectedUser else {
            model.status = StatusMessage("Nobody to copy; press \(model.keys.key(.logIn)) to log in", isError: true)
            return []
        }
        model.status = StatusMessage("Copied the id of \(user.displayName) (\(user.id)) to the clipboard")
        return [.copy(user.id)]
    case .char("f"):
        guard model.shownCount > 0 else { return noUser(&model) }
        model.find = ListFind(startId: model.selectedUser?.id, startPosition: model.selection, in: model.visibleUsers)
    case .char("g"): model.selection = 0
    case .char("G"): model.selection = max(0, model.shownCount - 1)
    case .char("/"):
        model.isEditingFilter = true
    case .escape:
        model.filter = ""
        clampSelection(&model)
    case .char("!"): return LastMessageScreen.open(&model)
    case .char("q"): return [.quit]
    case .char("n"):
        var form = LoginForm(choices: model.providerChoices)
        form.policy = model.policy.switching
        model.mode = .loginForm(form)
    case .char("h"):
        model.mode = .history(HistoryScreen())
        return [.loadHistory]
    case .char("e"):
        guard let user = model.selectedUser else { return noUser(&model) }
        guard user.isLoggedIn else {
            model.status = StatusMessage("Log \(user.displayName) in to edit its custom data", isError: true)
            return []
        }
        guard user.isCurrent, user.sessionOpened else { return switchFirst(&model, user, to: "edit their custom data") }
        model.mode = .dataEditor(DataEditor(owner: UserTarget(id: user.id, name: user.displayName), document: user.customData))
        model.status = nil
    case .char("p"):
        let email = model.selectedUser.flatMap { $0.provider == .emailPassword ? $0.email : nil } ?? ""
        model.mode = .account(AccountForm(email: email))
    case .char("a"):
        guard let user = model.selectedUser else { return noUser(&model) }
        guard user.isLoggedIn else {
            model.status = StatusMessage("Log \(user.displayName) in to see its API keys", isError: true)
            return []
        }
        if user.isLocked { return switchFirst(&model, user, to: "see their API keys") }
        model.mode = .apiKeys(KeysScreen(owner: UserTarget(id: user.id, name: user.displayName)))
        model.status = StatusMessage("Reading the API keys of \(user.displayName)…")
        return [.keys(.load(owner: user.id))]
    case .char("l"):
        guard let user = model.selectedUser else { return noUser(&model) }
        guard user.isLoggedIn else {
            model.status = StatusMessage("Log \(user.displayName) in to link another log-in to it", isError: true)
            return []
        }
        if user.isLocked { return switchFirst(&model, user, to: "link another log-in to them") }
        let target = UserTarget(id: user.id, name: user.displayName)
        model.mode = .loginForm(LoginForm(choices: model.providerChoices, linking: target))
    case .enter: return switchToSelected(&model)
    case .char("o"):
        guard let user = model.selectedUser else { return noUser(&model) }
        guard user.isLoggedIn else {
            model.status = StatusMessage("\(user.displayName) is already logged out")
            return []
        }
        if user.isAnonymous {
            model.mode = .confirm(Confirmation(.logOutAnonymous, userId: user.id))
            return []
        }
        if askForTheirPIN(&model, user, .logOut) { return [] }
        model.status = StatusMessage("Logging out \(user.displayName)…")
        return [.list(.logOut(id: user.id))]
    case .char("x"):
        guard let user = model.selectedUser else { return noUser(&model) }
        model.mode = .confirm(Confirmation(.remove, userId: user.id))
    case .char("d"):
        guard let user = model.selectedUser else { return noUser(&model) }
        guard user.isLoggedIn else {
            model.status = StatusMessage("Log \(user.displayName) in to delete its account", isError: true)
            return []
        }
        if user.isLocked { return switchFirst(&model, user, to: "delete their account") }
        model.mode = .confirm(Confirmation(.delete, userId: user.id))
    case .char("r"):
        guard let user = model.selectedUser else { return noUser(&model) }
        guard user.isLoggedIn else {
            model.status = StatusMessage("Log \(user.displayName) in to refresh its custom data", isError: true)
            return []
        }
        guard user.isCurrent, user.sessionOpened else { return switchFirst(&model, user, to: "refresh their custom data") }
        model.status = StatusMessage("Refreshing custom data of \(user.displayName)…")
        return [.list(.refreshCustomData(id: user.id))]
    default: return listPagingKey(&model, key)
    }
    return []
}

/// Nobody acts for somebody else (BEHAVIOURS 53): logging out or removing a logged-in person
/// whose session is sealed with a PIN this switcher does not hold asks for it first. True when
/// the PIN box is now on show.
func askForTheirPIN(_ model: inout Model, _ user: UserRow, _ purpose: SecretPrompt.Purpose) -> Bool {
    guard user.isLoggedIn, user.isLocked, let kind = user.secretKind else { return false }
    model.mode = .secretPrompt(SecretPrompt(purpose: purpose, user: UserTarget(id: user.id, name: user.displayName), kind: kind))
    model.status = nil
    return true
}

private func switchToSelected(_ model: inout Model) -> [Effect] {
    guard let user = model.selectedUser else { return noUser(&model) }
    if !user.isLoggedIn {
        let provider = user.provider.flatMap { LoginForm.Provider.offered(for: $0).first } ?? .emailPassword
        var form = LoginForm(provider: provider, email: provider == .emailPassword ? user.email ?? "" : "", choices: model.providerChoices)
        form.policy = model.policy.switching
        model.mode = .loginForm(form)
        model.status = StatusMessage("\(user.displayName) is logged out; log in again")
        return []
    }
    if let kind = user.secretKind, user.isLocked {
        model.mode = .secretPrompt(SecretPrompt(purpose: .switchTo, user: UserTarget(id: user.id, name: user.displayName), kind: kind))
        model.status = nil
        return []
    }
    if user.isCurrent {
        model.status = StatusMessage("\(user.displayName) is already the active user")
        return []
    }
    model.status = StatusMessage("Switching to \(user.displayName)…")
    return [.list(.switchUser(id: user.id))]
}

/// Only the active user's session is open: acting as someone else starts with switching.
private func switchFirst(_ model: inout Model, _ user: UserRow, to act: String) -> [Effect] {
    let how = user.isLocked ? "Enter, with their \(user.secretKind ?? .pin)" : "Enter"
    model.status = StatusMessage("Switch to \(user.displayName) first (\(how)) to \(act)", isError: true)
    return []
}

private func noUser(_ model: inout Model) -> [Effect] {
    model.status = StatusMessage("No user selected; press \(model.keys.key(.logIn)) to log in", isError: true)
    return []
}

private func filterKey(_ model: inout Model, _ key: Key) -> [Effect] {
    switch key {
    case .escape:
        model.filter = ""
        model.isEditingFilter = false
    case .enter:
        model.isEditingFilter = false
    case .backspace:
        if !model.filter.isEmpty { model.filter.removeLast() }
    case .char(let character):
        let text = TerminalText.printable(String(character))
        if model.filter.count + text.count <= Model.maxFilterLength { model.filter += text }
    case .up: moveSelection(&model, by: -1)
    case .down: moveSelection(&model, by: 1)
    default: _ = filterPagingKey(&model, key)
    }
    clampSelection(&model)
    return []
}

private func findKey(_ model: inout Model, _ key: Key) -> [Effect] {
    guard var find = model.find else { return [] }
    switch key {
    case .escape:
        if let start = find.startId, let index = model.shownIndex(of: start) {
            model.selection = index
        } else {
            model.selection = find.startPosition
            if let start = find.startId { model.select(id: start) }
        }
        model.find = nil
    case .enter:
        model.find = nil
    case .backspace:
        if !find.text.isEmpty { find.setText(String(find.text.dropLast()), in: model.findableUsers) }
        model.find = find
        return findTyped(&model)
    case .char(let character):
        let text = TerminalText.printable(String(character))
        if find.text.count + text.count <= Model.maxFilterLength { find.setText(find.text + text, in: model.findableUsers) }
        model.find = find
        return findTyped(&model)
    case .down: jumpToMatch(&model, from: model.selection + 1, by: 1)
    case .up: jumpToMatch(&model, from: model.selection - 1, by: -1)
    default: break
    }
    return []
}

/// The find text changed: the selection goes to the first match, found in memory now, or by the
/// store for a list too long to hold.
func findTyped(_ model: inout Model) -> [Effect] {
    guard model.window != nil, let text = model.find?.text else {
        jumpToMatch(&model, from: 0, by: 1)
        return []
    }
    return text.isEmpty ? [] : [.findMatches(MatchRead(query: model.listQuery, text: text))]
}

/// Selects the first match from `start` going by `step` (round the end); none leaves it.
private func jumpToMatch(_ model: inout Model, from start: Int, by step: Int) {
    if let index = model.find?.match(from: start, by: step) { model.selection = index }
}

/// Moves the selection by `step` users, kept on a shown one.
func moveSelection(_ model: inout Model, by step: Int) {
    model.selection += step
    clampSelection(&model)
}

/// Keeps the selection on a shown user.
func clampSelection(_ model: inout Model) {
    let count = model.shownCount
    model.selection = count == 0 ? 0 : min(max(0, model.selection), count - 1)
}
