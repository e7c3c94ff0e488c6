/// Keys in the PIN (or password) box: type, Backspace, Enter sends once, Esc goes back. A paste
/// goes into it like typing (`Paste.swift`).
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
    case .backspace:
        if !prompt.text.isEmpty { prompt.text.removeLast() }
    case .char(let character):
        let text = DisplayWidth.printable(String(character))
        if prompt.text.count + text.count <= SecretPrompt.maxLength { prompt.text += text }
    default: break
    }
    return []
}
