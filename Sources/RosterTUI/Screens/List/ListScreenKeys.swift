import RosterWire

/// Keys that open another screen over the list: log in (`n`), history, custom data, account,
/// API keys, link, the last message (`!`), and `q` to quit; nil for another key.
func listScreenKey(_ model: inout Model, _ key: Key) -> [Effect]? {
    switch key {
    case .char("!"):
        model.openMessageBox()
        return []
    case .char("q"): return [.quit]
    case .char("n"):
        var form = LoginForm(choices: model.providerChoices)
        form.policy = model.policy.switching
        model.mode = .loginForm(form)
        return []
    case .char("h"):
        model.mode = .history(HistoryScreen())
        return [.loadHistory]
    case .char("e"):
        guard let user = model.list.selectedUser else { return noUser(&model) }
        guard user.isLoggedIn else {
            model.status = StatusMessage("Log \(user.displayName) in to edit its custom data", isError: true)
            return []
        }
        guard user.isCurrent, user.sessionOpened else { return switchFirst(&model, user, to: "edit their custom data") }
        model.mode = .dataEditor(DataEditor(owner: UserTarget(id: user.id, name: user.displayName), document: user.customData))
        model.status = nil
        return []
    case .char("p"):
        let email = model.list.selectedUser.flatMap { $0.provider == .emailPassword ? $0.email : nil } ?? ""
        model.mode = .account(AccountForm(email: email))
        return []
    case .char("a"):
        guard let user = model.list.selectedUser else { return noUser(&model) }
        guard user.isLoggedIn else {
            model.status = StatusMessage("Log \(user.displayName) in to see its API keys", isError: true)
            return []
        }
        if user.isLocked { return switchFirst(&model, user, to: "see their API keys") }
        model.mode = .apiKeys(KeysScreen(owner: UserTarget(id: user.id, name: user.displayName)))
        model.status = StatusMessage("Reading the API keys of \(user.displayName)…")
        return [.keys(.load(owner: user.id))]
    case .char("l"):
        guard let user = model.list.selectedUser else { return noUser(&model) }
        guard user.isLoggedIn else {
            model.status = StatusMessage("Log \(user.displayName) in to link another log-in to it", isError: true)
            return []
        }
        if user.isLocked { return switchFirst(&model, user, to: "link another log-in to them") }
        let target = UserTarget(id: user.id, name: user.displayName)
        model.mode = .loginForm(LoginForm(choices: model.providerChoices, linking: target))
        return []
    default: return nil
    }
}
