extension AccountForm: Screen {
    var mode: Mode { .account(self) }

    mutating func update(_ action: Action, _ model: inout Model) -> [Effect] {
        switch action {
        case .key(let key): return accountKey(&model, &self, key)
        case .accountMessageRead(let message, let request): fill(from: message, sentBy: request, &model)
        default: break
        }
        return []
    }

    /// The token and its id from the message the request just sent made, when this is the
    /// form that goes on from that request, nothing is typed in them yet, and no policy
    /// protects the device (`Model.fillsTokensFromOutbox`).
    private mutating func fill(from message: AccountMessage, sentBy request: Effect, _ model: inout Model) {
        guard model.fillsTokensFromOutbox, case .account(let sent) = request, sent.email == email, message.to.lowercased() == email.lowercased(),
            task == (message.kind == .reset ? .resetPassword : .confirmEmail), tokenId.isEmpty, token.isEmpty
        else { return }
        tokenId = message.tokenId
        token = message.token
        focus = task == .resetPassword ? .password : .tokenId
        model.status = StatusMessage("The message is in this device's outbox: its token is filled in" + (task == .resetPassword ? "; choose the new password" : "; Enter confirms"))
    }

    mutating func paste(_ text: String, _ model: inout Model) { insert(text) }

    func helpTopic(_ model: Model, typing: Bool) -> HelpBox.Topic? {
        !isText(focus) || !typing ? .accountForm : nil
    }
}

extension Model {
    /// Whether the account form may fill in a token read from this device's outbox: only under
    /// the `open` policy outside a kiosk. Under `pin` or `password`, or in a kiosk, the person at
    /// the keyboard is not trusted with every account, and a token filled in would give them the
    /// account of any address they type.
    public var fillsTokensFromOutbox: Bool { policy.switching == .open && !isKiosk }
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
            model.status = form.refusalMessage
        }
    default:
        _ = form.edit(key)
    }
    return []
}
