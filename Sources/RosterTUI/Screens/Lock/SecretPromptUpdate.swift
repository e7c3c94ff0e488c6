import Foundation

extension SecretPrompt: Screen {
    var mode: Mode { .secretPrompt(self) }

    /// Keys, and the users read again: a user no longer logged in takes the box along (the
    /// kiosk's admin PIN box is nobody's, and stays). A refusal is shown in the box, and a try
    /// typed and sent while it was checked goes now.
    mutating func update(_ action: Action, _ model: inout Model) -> [Effect] {
        switch action {
        case .key(let key): return secretPromptKey(&model, &self, key)
        case .usersLoaded where purpose != .leaveKiosk && model.list.user(id: user.id)?.isLoggedIn != true: model.mode = .list
        case .secretRefused(let refusal, let effect) where sent == effect:
            sent = nil
            self.refusal = refusal
            nextTryAt = refusal.waitSeconds.map { model.now.addingTimeInterval(TimeInterval($0)) }
            model.status = nil
            if sendsWhenAnswered { return sendTypedAhead(&model) }
        default: break
        }
        return []
    }

    /// The try typed and sent while the last was checked: sent now, or, when the refusal asks
    /// for a wait, kept in the box to send again after it.
    private mutating func sendTypedAhead(_ model: inout Model) -> [Effect] {
        sendsWhenAnswered = false
        guard !text.isEmpty else { return [] }
        if let wait = secondsToWait(at: model.now) {
            model.status = StatusMessage("\(refusal?.message ?? "Refused"); wait \(wait) s, then Enter sends the next try", isError: true)
            return []
        }
        return send(&model)
    }

    /// Sends what is typed, once: the typed secret leaves the model with the request, so
    /// nothing of it stays on screen.
    mutating func send(_ model: inout Model) -> [Effect] {
        let request = request()
        sent = request
        sendsWhenAnswered = false
        text = ""
        model.status = StatusMessage("Checking \(whose)…")
        return [request]
    }

    /// A paste goes into the box like typing (a PIN's digits only), while one is checked too.
    mutating func paste(_ text: String, _ model: inout Model) {
        line.insert(String(text.filter(accepts)))
    }

    /// F1, and `?` where it cannot be typed (a PIN is digits only): the box's keys.
    func helpTopic(_ model: Model, typing: Bool) -> HelpBox.Topic? {
        typing && typedKind != .pin ? nil : .secretPrompt
    }
}

/// Keys in the PIN (or password) box: it edits as a `LineEditor` (readline keys; a PIN takes
/// digits only), Enter sends once and not before the wait a refusal asked for, Esc goes back;
/// Tab, when acting for somebody else, asks for the admin PIN instead (and back). While a try
/// is checked, typing goes on into the box, and Enter sends it as soon as the answer comes.
private func secretPromptKey(_ model: inout Model, _ prompt: inout SecretPrompt, _ key: Key) -> [Effect] {
    switch key {
    case .escape:
        guard prompt.sent == nil else { return stillWorking(&model) }
        // Leaving the unlock box keeps the lock on: the details stay hidden.
        model.mode = .list
        model.status = nil
        return []
    case .tab where prompt.offersAdminPIN:
        guard prompt.sent == nil else { return stillWorking(&model) }
        prompt.asAdmin.toggle()
        prompt.text = ""
        prompt.refusal = nil
        prompt.nextTryAt = nil
        return []
    case .enter where prompt.sent != nil:
        guard !prompt.text.isEmpty else { return stillWorking(&model) }
        prompt.sendsWhenAnswered = true
        model.status = StatusMessage("Checking \(prompt.whose); the next try goes when it is answered")
        return []
    case .enter:
        guard !prompt.text.isEmpty else {
            model.status = StatusMessage("Type \(prompt.whose)", isError: true)
            return []
        }
        if let wait = prompt.secondsToWait(at: model.now) {
            model.status = StatusMessage("Wait \(wait) s before the next try", isError: true)
            return []
        }
        return prompt.send(&model)
    case .char(let character) where !prompt.accepts(character):
        return []
    default:
        prompt.line.apply(key)
    }
    return []
}
