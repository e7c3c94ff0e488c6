import Foundation

/// Applies an action to the model and returns the effects to run. Pure: no clock, no store,
/// no terminal. Ctrl-C quits from every screen; keys that mean nothing on a screen do nothing.
public func update(_ model: inout Model, _ action: Action) -> [Effect] {
    switch action {
    case .key(.ctrlC):
        return [.quit]
    case .key(.resize(let width, let height)):
        model.size = TerminalSize(width: max(0, width), height: max(0, height))
        return []
    case .key(.paste(let text)):
        paste(text, into: &model)
        return []
    case .key(.mouse(let event)):
        return mouseInput(&model, event)
    case .key(let key):
        model.lastInputAt = model.now
        let status = StatusLine.beforeKey(&model)
        defer { StatusLine.afterKey(&model, status) }
        if var help = model.help { return helpBoxKey(&model, &help, key) }
        if openHelp(&model, key) { return [] }
        let effects: [Effect]
        switch model.mode {
        case .list where model.isIdleLocked: effects = idleLockedKey(&model, key)
        case .list: effects = model.isEditingFilter ? filterKey(&model, key) : detailPaneKey(&model, key) ?? listKey(&model, key)
        case .secretPrompt(var prompt):
            effects = secretPromptKey(&model, &prompt, key)
            if case .secretPrompt = model.mode { model.mode = .secretPrompt(prompt) }
        case .history: effects = historyKey(&model, key)
        case .confirm(let question): effects = confirmKey(&model, key, question)
        case .loginForm(var form):
            effects = formKey(&model, &form, key)
            if case .loginForm = model.mode { model.mode = .loginForm(form) }
        case .dataEditor(var editor):
            effects = editorKey(&model, &editor, key)
            if case .dataEditor = model.mode { model.mode = .dataEditor(editor) }
        case .account(var form):
            effects = accountKey(&model, &form, key)
            if case .account = model.mode { model.mode = .account(form) }
        case .apiKeys(var screen):
            effects = keysKey(&model, &screen, key)
            if case .apiKeys = model.mode { model.mode = .apiKeys(screen) }
        case .failure: effects = [.escape, .enter, .char("q")].contains(key) ? [.quit] : []
        case .lastMessage: effects = lastMessageKey(&model, key)
        }
        model.pendingOperations += effects.filter(\.isOperation).count
        return effects
    case .usersLoaded(let rows):
        let selectedId = model.selectedUser?.id
        model.users = rows
        if let selectedId, let index = model.visibleUsers.firstIndex(where: { $0.id == selectedId }) {
            model.selection = index
        }
        clampSelection(&model)
        if case .confirm(let question) = model.mode, model.user(id: question.userId) == nil { model.mode = .list }
        if case .secretPrompt(let prompt) = model.mode, model.user(id: prompt.user.id)?.isLoggedIn != true { model.mode = .list }
        // A key owner who left the device (or was logged out elsewhere) takes the keys screen along.
        if case .apiKeys(let screen) = model.mode, model.user(id: screen.owner.id)?.isLoggedIn != true { model.mode = .list }
        if case .dataEditor(let editor) = model.mode, model.user(id: editor.owner.id)?.isLoggedIn != true {
            model.mode = .list
            model.status = StatusMessage("\(editor.owner.name) is no longer logged in; the edit is dropped", isError: true)
        }
        return []
    case .usersChangedElsewhere(let rows):
        return usersChangedElsewhere(&model, rows)
    case .selectUser(let id):
        if let index = model.visibleUsers.firstIndex(where: { $0.id == id }) { model.selection = index }
        return []
    case .operationFinished(let message, let effect):
        model.pendingOperations = max(0, model.pendingOperations - 1)
        model.status = StatusMessage(message)
        // Only the screen that sent it closes; a form being typed into stays as it is.
        if model.mode.sent == effect { model.mode = model.mode.afterSuccess }
        if case .unlock = effect { model.isIdleLocked = false }
        return [.reload]
    case .operationFailed(let message, let effect):
        model.pendingOperations = max(0, model.pendingOperations - 1)
        model.status = StatusMessage(message, isError: true)
        // The screen that sent it may send again, corrected.
        if model.mode.sent == effect { model.mode.sent = nil }
        return []
    case .providersLoaded(let types):
        let choices = types.flatMap(LoginForm.Provider.offered(for:))
        guard !choices.isEmpty else { return [] }
        model.providerChoices = choices
        if case .loginForm(var form) = model.mode {
            form.choices = LoginForm.Provider.withOtherDevice(form.linking == nil ? choices : choices.filter { $0 != .anonymous })
            guard !form.choices.isEmpty else { return [] }
            if !form.choices.contains(form.provider) {
                form.provider = form.choices[0]
                form.focus = .provider
                form.focusFirstToType()
            }
            model.mode = .loginForm(form)
        }
        return []
    case .loadFailed(let message):
        model.status = StatusMessage("cannot read this device's users: \(message)", isError: true)
        return []
    case .apiKeysLoaded(let owner, let rows):
        if case .apiKeys(var screen) = model.mode, screen.owner.id == owner {
            screen.keys = rows
            screen.selection = min(screen.selection, max(0, rows.count - 1))
            model.mode = .apiKeys(screen)
        }
        return []
    case .apiKeyCreated(let owner, let key):
        if case .apiKeys(var screen) = model.mode, screen.owner.id == owner {
            screen.naming = nil
            screen.created = key
            model.mode = .apiKeys(screen)
        }
        return []
    case .tick(let now):
        model.now = now
        StatusLine.tick(&model)
        if model.isBusy { model.spinnerFrame = (model.spinnerFrame + 1) % Spinner.frames.count }
        return idleLockIfDue(&model)
    case .policyLoaded(let policy):
        model.policy = policy
        return []
    case .historyLoaded(let entries):
        if case .history = model.mode { model.mode = .history(entries) }
        return []
    case .deviceLogin(let progress, let effect):
        return deviceLoginProgress(&model, progress, for: effect)
    }
}

private func listKey(_ model: inout Model, _ key: Key) -> [Effect] {
    switch key {
    case .up, .char("k"): moveSelection(&model, by: -1)
    case .down, .char("j"): moveSelection(&model, by: 1)
    case .char("g"): model.selection = 0
    case .char("G"): model.selection = max(0, model.visibleUsers.count - 1)
    case .char("/"):
        model.isEditingFilter = true
    case .escape:
        model.filter = ""
        clampSelection(&model)
    case .char("!"): return showLastMessage(&model)
    case .char("q"): return [.quit]
    case .char("n"):
        var form = LoginForm(choices: model.providerChoices)
        form.policy = model.policy.switching
        model.mode = .loginForm(form)
    case .char("h"):
        model.mode = .history(nil)
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
        return [.loadAPIKeys(owner: user.id)]
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
        model.status = StatusMessage("Logging out \(user.displayName)…")
        return [.logOut(id: user.id)]
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
        return [.refreshCustomData(id: user.id)]
    default: return listPagingKey(&model, key)
    }
    return []
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
    return [.switchUser(id: user.id)]
}

/// Only the active user's session is open: acting as someone else starts with switching.
private func switchFirst(_ model: inout Model, _ user: UserRow, to act: String) -> [Effect] {
    let how = user.isLocked ? "Enter, with their \(user.secretKind ?? .pin)" : "Enter"
    model.status = StatusMessage("Switch to \(user.displayName) first (\(how)) to \(act)", isError: true)
    return []
}

/// One operation at a time from a form or screen: says so and does nothing.
func stillWorking(_ model: inout Model) -> [Effect] {
    model.status = StatusMessage("Still working; wait for the last operation", isError: true)
    return []
}

private func noUser(_ model: inout Model) -> [Effect] {
    model.status = StatusMessage("No user selected; press n to log in", isError: true)
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
        let text = DisplayWidth.printable(String(character))
        if model.filter.count + text.count <= Model.maxFilterLength { model.filter += text }
    case .up: moveSelection(&model, by: -1)
    case .down: moveSelection(&model, by: 1)
    default: _ = filterPagingKey(&model, key)
    }
    clampSelection(&model)
    return []
}

private func confirmKey(_ model: inout Model, _ key: Key, _ question: Confirmation) -> [Effect] {
    var dialog = question.dialog(name: "")
    let answer = key == .char("q") ? 0 : dialog.press(key)
    guard let answer else {
        var moved = question
        moved.confirmFocused = dialog.focus == 1
        model.mode = .confirm(moved)
        return []
    }
    if answer == 1 { return confirmed(&model, question) }
    model.mode = .list
    model.status = StatusMessage(question.cancelled)
    return []
}

private func confirmed(_ model: inout Model, _ question: Confirmation) -> [Effect] {
    model.mode = .list
    let name = model.user(id: question.userId)?.displayName ?? question.userId
    switch question.kind {
    case .remove:
        model.status = StatusMessage("Removing \(name)…")
        return [.remove(id: question.userId)]
    case .delete:
        model.status = StatusMessage("Deleting the account of \(name)…")
        return [.delete(id: question.userId)]
    case .logOutAnonymous:
        model.status = StatusMessage("Logging out \(name)…")
        return [.logOut(id: question.userId)]
    }
}

private func moveSelection(_ model: inout Model, by step: Int) {
    model.selection += step
    clampSelection(&model)
}

private func clampSelection(_ model: inout Model) {
    let count = model.visibleUsers.count
    model.selection = count == 0 ? 0 : min(max(0, model.selection), count - 1)
}
