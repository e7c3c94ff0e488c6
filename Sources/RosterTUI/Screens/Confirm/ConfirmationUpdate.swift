extension Confirmation: Screen {
    var mode: Mode { .confirm(self) }

    /// Keys in the dialog (`q` answers Cancel), and the users read again: a question about a
    /// user who is gone goes.
    mutating func update(_ action: Action, _ model: inout Model) -> [Effect] {
        switch action {
        case .key(let key): return confirmKey(&model, key, &self)
        case .usersLoaded where model.list.user(id: userId) == nil: model.mode = .list
        default: break
        }
        return []
    }
}

private func confirmKey(_ model: inout Model, _ key: Key, _ question: inout Confirmation) -> [Effect] {
    var dialog = question.dialog(name: "")
    let answer = key == .char("q") ? 0 : dialog.press(key)
    guard let answer else {
        question.confirmFocused = dialog.focus == 1
        return []
    }
    if answer == 1 { return confirmed(&model, question) }
    model.mode = .list
    model.status = StatusMessage(question.cancelled)
    return []
}

private func confirmed(_ model: inout Model, _ question: Confirmation) -> [Effect] {
    model.mode = .list
    let name = model.list.user(id: question.userId)?.displayName ?? question.userId
    switch question.kind {
    case .remove:
        if let user = model.list.user(id: question.userId), askForTheirPIN(&model, user, .remove) { return [] }
        model.status = StatusMessage("Removing \(name)…")
        return [.list(.remove(id: question.userId))]
    case .delete:
        model.status = StatusMessage("Deleting the account of \(name)…")
        return [.list(.delete(id: question.userId))]
    case .logOutAnonymous:
        if let user = model.list.user(id: question.userId), askForTheirPIN(&model, user, .logOut) { return [] }
        model.status = StatusMessage("Logging out \(name)…")
        return [.list(.logOut(id: question.userId))]
    }
}

