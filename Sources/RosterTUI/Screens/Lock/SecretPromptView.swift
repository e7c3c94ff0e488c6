/// The lines of the PIN (or password) box: what is asked, the typed text as one `*` a
/// character (a `_` after it while the cursor is at the end), and what the keys do.
func secretPromptLines(_ prompt: SecretPrompt) -> [String] {
    let typed: String
    if prompt.sent != nil {
        typed = "checking…"
    } else {
        typed = String(repeating: "*", count: prompt.text.count) + (prompt.line.cursor == prompt.text.count ? "_" : "")
    }
    let purpose = prompt.purpose == .switchTo ? "Switching to \(prompt.user.name) needs their \(prompt.kind)." : "Give the \(prompt.kind) of \(prompt.user.name) to unlock."
    return [prompt.title, "", purpose, "", secretPromptLabel(prompt) + typed, "", "Enter check · Esc cancel"]
}

private func secretPromptLabel(_ prompt: SecretPrompt) -> String {
    prompt.kind == .pin ? "PIN: " : "Password: "
}

/// The box, and the cursor on the star of its character when it is not at the end.
func drawSecretPrompt(_ prompt: SecretPrompt, in body: Rect, _ buffer: inout ScreenBuffer) {
    let box = drawBox(secretPromptLines(prompt), in: body, &buffer)
    guard prompt.sent == nil, prompt.line.cursor < prompt.text.count else { return }
    drawCursor(row: box.top + 5, column: box.left + 2 + secretPromptLabel(prompt).count + prompt.line.cursor, &buffer)
}
