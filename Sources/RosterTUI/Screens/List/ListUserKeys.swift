import RosterWire

/// Keys that act on the selected person: switch (Enter), log out, remove, delete, refresh;
/// nil for another key.
func listUserKey(_ model: inout Model, _ key: Key) -> [Effect]? {
    switch key {
    case .enter: return switchToSelected(&model)
    case .char("o"):
        guard let user = model.list.selectedUser else { return noUser(&model) }
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
        guard let user = model.list.selectedUser else { return noUser(&model) }
        model.mode = .confirm(Confirmation(.remove, userId: user.id))
        return []
    case .char("d"):
        guard let user = model.list.selectedUser else { return noUser(&model) }
        guard user.isLoggedIn else {
            model.status = StatusMessage("Log \(user.displayName) in to delete its account", isError: true)
            return []
        }
        if user.isLocked { return switchFirst(&model, user, to: "delete their account") }
        model.mode = .confirm(Confirmation(.delete, userId: user.id))
        return []
    case .char("r"):
        guard let user = model.list.selectedUser else { return noUser(&model) }
        guard user.isLoggedIn else {
            model.status = StatusMessage("Log \(user.displayName) in to refresh its custom data", isError: true)
            return []
        }
        guard user.isCurrent, user.sessionOpened else { return switchFirst(&model, user, to: "refresh their custom data") }
        model.status = StatusMessage("Refreshing custom data of \(user.displayName)…")
        return [.list(.refreshCustomData(id: user.id))]
    default: return nil
    }
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
    guard let user = model.list.selectedUser else { return noUser(&model) }
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
func switchFirst(_ model: inout Model, _ user: UserRow, to act: String) -> [Effect] {
    let how = user.isLocked ? "Enter, with their \(user.secretKind ?? .pin)" : "Enter"
    model.status = StatusMessage("Switch to \(user.displayName) first (\(how)) to \(act)", isError: true)
    return []
}

func noUser(_ model: inout Model) -> [Effect] {
    model.status = StatusMessage("No user selected; press \(model.keys.key(.logIn)) to log in", isError: true)
    return []
}

