extension AccountForm: Screen {
    var mode: Mode { .account(self) }

    mutating func update(_ action: Action, _ model: inout Model) -> [Effect] {
        guard case .key(let key) = action else { return [] }
        return accountKey(&model, &self, key)
    }

    mutating func paste(_ text: String, _ model: inout Model) { insert(text) }

    func helpTopic(_ model: Model, typing: Bool) -> HelpBox.Topic? {
        !isText(focus) || !typing ? .accountForm : nil
    }
}

/// Keys on the account form: Tab/Shift-Tab move, Space on the task picks the next one, typing
/// edits a text field (as a `LineEditor`), Ctrl-R shows or hides the focused secret, Enter sends, Esc cancels.
private func accountKey(_ model: inout Model, _ form: inout AccountForm, _ key: Key) -> [Effect] {
    switch key {
    case .escape:
        model.mode = .list
        model.status = StatusMessage("Nothing sent")
    case .tab, .down: form.moveFocus(by: 1)
    case .backTab, .up: form.moveFocus(by: -1)
    case .ctrlR: form.toggleReveal()
    case .char(" ") where form.focus == .task: form.nextTask()
    case .enter:
        if form.sent != nil { return stillWorking(&model) }
        switch form.validated() {
        case .success(let request):
            form.errors = [:]
            model.status = StatusMessage("Sending…")
            form.sent = .account(request)
            return [.account(request)]
        case .failure(let refusal):
            form.refuse(refusal.errors)
            model.status = StatusMessage("Fix the marked fields", isError: true)
        }
    default:
        _ = form.edit(key)
    }
    return []
}
