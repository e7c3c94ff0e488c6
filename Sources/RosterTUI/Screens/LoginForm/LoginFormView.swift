import Foundation

/// The log-in form: a `>` marks the focused field, every secret shows masked (`SecretMask`)
/// unless Ctrl-R reveals the focused one, and a refused field has its message beside it (in
/// words, so it reads without colour).
func drawForm(_ form: LoginForm, now: Date, in area: Rect, _ buffer: inout ScreenBuffer) {
    if let login = form.device { return drawDeviceLogin(login, linking: form.linking, now: now, in: area, &buffer) }
    let title =
        form.approval.map { $0.returningName.map { "Approved on another device as \($0)" } ?? "Approved on another device" }
        ?? form.linking.map { "Link another log-in to \($0.name)" } ?? "Log in a user"
    buffer.write(title, row: area.top, column: 1, attributes: CellAttributes(bold: true))
    let boxWidth = FormLayout.boxWidth(for: area)
    var row = area.top + 2
    for field in form.fields where row < area.bottom {
        let box = form.isText(field) ? formBox(form, field, width: boxWidth) : nil
        let shown: String =
            switch field {
            case .provider: "< \(form.provider.label) >"
            case .register: form.register ? "[x] register a new account" : "[ ] register a new account"
            default: box?.text ?? ""
            }
        row += drawFormRow(
            label: form.label(field), shown: shown, cursor: box?.cursorColumn, focused: form.focus == field,
            error: form.errors[field],
            hint: field == .provider ? "←/→, Space or 1-\(min(9, form.numbering.count)) to change" : revealHint(form, field),
            hintUnfocused: field == .provider && form.choices.count > 1 ? "Shift-Tab to change" : nil, row: row, bottom: area.bottom, &buffer)
    }
    // The digits that pick a provider, each with its name.
    if form.focus == .provider, row + 1 < area.bottom {
        let numbered = form.choices.map { choice in form.digit(of: choice).map { "\($0) \(choice.label)" } ?? choice.label }.joined(separator: " · ")
        for line in wrap(numbered, width: area.width - 4) where row + 1 < area.bottom {
            row += 1
            buffer.write(line, row: row, column: 2, attributes: CellAttributes(dim: true))
        }
        row += 1
    }
    if let approval = form.approval, row + 1 < area.bottom {
        let hint =
            approval.isReturning
            ? "Type the PIN you have on this terminal; it stays your PIN."
            : "Choose a PIN: it unlocks this user on this terminal."
        buffer.write(hint, row: row + 1, column: 2)
        return
    }
    if form.provider == .anonymous, row + 1 < area.bottom {
        // Under a policy that asks for a PIN, the anonymous user's session is sealed with the one
        // chosen above, and a new anonymous user is made: reusing one would skip its PIN.
        let hint =
            form.asksForPIN
            ? "Nothing but the PIN: Enter logs in a new anonymous user with it."
            : "No fields: Enter logs in a new or this device's anonymous user."
        buffer.write(hint, row: row + 1, column: 2)
    }
}
