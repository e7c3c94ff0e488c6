extension SecretPrompt: Screen {
    var mode: Mode { .secretPrompt(self) }

    /// Keys, and the users read again: a user no longer logged in takes the box along.
    mutating func update(_ action: Action, _ model: inout Model) -> [Effect] {
        switch action {
        case .key(let key): return secretPromptKey(&model, &self, key)
        case .usersLoaded where model.user(id: user.id)?.isLoggedIn != true: model.mode = .list
        default: break
        }
        return []
    }

    /// A paste goes into the box like typing, until it is sent.
    mutating func paste(_ text: String, _ model: inout Model) {
        if sent == nil { line.insert(text) }
    }
}

/// Keys in the PIN (or password) box: it edits as a `LineEditor` (readline keys), Enter sends
/// once, Esc goes back.
private func secretPromptKey(_ model: inout Model, _ prompt: inout SecretPrompt, _ key: Key) -> [Effect] {
    switch key {
    case .escape:
        guard prompt.sent == nil else { return stillWorking(&model) }
        // Leaving the unlock box keeps the lock on: the details stay hidden.
        model.mode = .list
        model.status = nil
        return []
    case .enter:
        guard prompt.sent == nil else { return stillWorking(&model) }
        guard !prompt.text.isEmpty else {
            model.status = StatusMessage("Type the \(prompt.kind) of \(prompt.user.name)", isError: true)
            return []
        }
        let request = prompt.request()
        prompt.sent = request
        // The typed secret leaves the model with the request: nothing of it stays on screen.
        prompt.text = ""
        model.status = StatusMessage("Checking the \(prompt.kind) of \(prompt.user.name)…")
        return [request]
    default:
        guard prompt.sent == nil else { return [] }
        prompt.line.apply(key)
    }
    return []
}
