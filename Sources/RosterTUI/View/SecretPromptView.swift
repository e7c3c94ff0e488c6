/// The lines of the PIN (or password) box: what is asked, the typed text as one `*` a
/// character, and what the keys do.
func secretPromptLines(_ prompt: SecretPrompt) -> [String] {
    let typed = prompt.sent == nil ? String(repeating: "*", count: prompt.text.count) + "_" : "checking…"
    let purpose = prompt.purpose == .switchTo ? "Switching to \(prompt.user.name) needs their \(prompt.kind)." : "Give the \(prompt.kind) of \(prompt.user.name) to unlock."
    return [prompt.title, "", purpose, "", "\(prompt.kind == .pin ? "PIN" : "Password"): \(typed)", "", "Enter check · Esc cancel"]
}
