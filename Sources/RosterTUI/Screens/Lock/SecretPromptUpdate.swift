import Foundation

extension SecretPrompt: Screen {
    var mode: Mode { .secretPrompt(self) }

    /// Keys, and the users read again: a user no longer logged in takes the box along.
    mutating func update(_ action: Action, _ model: inout Model) -> [Effect] {
        switch action {
        case .key(let key): return secretPromptKey(&model, &self, key)
        case .usersLoaded where model.list.user(id: user.id)?.isLoggedIn != true: model.mode = .list
        case .secretRefused(let refusal, let effect) where sent == effect:
            sent = nil
            self.refusal = refusal
            nextTryAt = refusal.waitSeconds.map { model.now.addingTimeInterval(TimeInterval($0)) }
            model.status = nil
        default: break
        }
        return []
    }

    /// A paste goes into the box like typing (a PIN's digits only), until it is sent.
    mutating func paste(_ text: String, _ model: inout Model) {
        if sent == nil { line.insert(String(text.filter(accepts))) }
    }

    /// F1, and `?` where it cannot be typed (a PIN is digits only): the box's keys.
    func helpTopic(_ model: Model, typing: Bool) -> HelpBox.Topic? {
        typing && typedKind != .pin ? nil : .secretPrompt
    }
}

/// Keys in the PIN (or password) box: it edits as a `LineEditor` (readline keys; a PIN takes
/// digits only), Enter sends once and not before the wait a refusal asked for, Esc goes back;
/// Tab, when acting for somebody else, asks for the admin PIN instead (and back).
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
    case .enter:
        guard prompt.sent == nil else { return stillWorking(&model) }
        guard !prompt.text.isEmpty else {
            model.status = StatusMessage("Type \(prompt.whose)", isError: true)
            return []
        }
        if let wait = prompt.secondsToWait(at: model.now) {
            model.status = StatusMessage("Wait \(wait) s before the next try", isError: true)
            return []
        }
        let request = prompt.request()
        prompt.sent = request
        // The typed secret leaves the model with the request: nothing of it stays on screen.
        prompt.text = ""
        model.status = StatusMessage("Checking \(prompt.whose)…")
        return [request]
    case .char(let character) where !prompt.accepts(character):
        return []
    default:
        guard prompt.sent == nil else { return [] }
        prompt.line.apply(key)
    }
    return []
}
