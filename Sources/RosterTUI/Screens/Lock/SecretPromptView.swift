import Foundation

/// The lines of the PIN (or password) box: what is asked, the typed text as one `*` a
/// character (a `_` after it while the cursor is at the end; typed while a try is checked too), the last refusal in full with the
/// tries left and the wait before the next try (counting down), and what the keys do.
func secretPromptLines(_ prompt: SecretPrompt, now: Date, width: Int) -> [String] {
    let stars = String(repeating: "*", count: prompt.text.count) + (prompt.line.cursor == prompt.text.count ? "_" : "")
    let typed: String
    if prompt.sent == nil {
        typed = stars
    } else if prompt.text.isEmpty {
        typed = "checking…"
    } else {
        // Typed while the last try is checked: kept, and sent after it when Enter was pressed.
        typed = stars + (prompt.sendsWhenAnswered ? " (goes next)" : "") + " · checking the last…"
    }
    var lines = [prompt.title, "", prompt.reason, "", secretPromptLabel(prompt) + typed]
    if let refusal = prompt.refusal {
        lines.append("")
        lines += wrap(refusal.message.prefix(1).uppercased() + refusal.message.dropFirst() + ".", width: width)
        if let left = refusal.triesLeft {
            lines.append("Tries left: \(left)")
        }
        if let wait = prompt.secondsToWait(at: now) {
            lines.append("Next try in \(wait) s")
        }
    }
    let tab = prompt.offersAdminPIN ? (prompt.asAdmin ? " · Tab their \(prompt.kind)" : " · Tab admin PIN") : ""
    return lines + ["", "Enter check · Esc cancel\(tab) · F1 keys"]
}

private func secretPromptLabel(_ prompt: SecretPrompt) -> String {
    prompt.asAdmin ? "Admin PIN: " : prompt.kind == .pin ? "PIN: " : "Password: "
}

/// The box, and the cursor on the star of its character when it is not at the end.
func drawSecretPrompt(_ prompt: SecretPrompt, now: Date, in body: Rect, _ buffer: inout ScreenBuffer) {
    // The box is as wide as its longest line, at most the body's: a refusal wraps within it.
    let width = max(20, min(60, body.width - 8))
    let box = drawBox(secretPromptLines(prompt, now: now, width: width), in: body, &buffer)
    guard prompt.sent == nil, prompt.line.cursor < prompt.text.count else { return }
    drawCursor(row: box.top + 5, column: box.left + 2 + secretPromptLabel(prompt).count + prompt.line.cursor, &buffer)
}
