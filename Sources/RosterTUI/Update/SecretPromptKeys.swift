/// Keys in the PIN (or password) box: it edits as a `LineEditor` (readline keys), Enter sends
/// once, Esc goes back. A paste goes into it like typing (`Paste.swift`).
func secretPromptKey(_ model: inout Model, _ prompt: inout SecretPrompt, _ key: Key) -> [Effect] {
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
