/// The log-in form: a `>` marks the focused field, the password shows as `*`, and a refused
/// field has its message beside it (in words, so it reads without colour).
func drawForm(_ form: LoginForm, in area: Rect, _ buffer: inout ScreenBuffer) {
    let title = form.linking.map { "Link another log-in to \($0.name)" } ?? "Log in a user"
    buffer.write(title, row: area.top, column: 1, attributes: CellAttributes(bold: true))
    let labelColumn = 2
    let valueColumn = 14
    let boxWidth = max(10, min(40, area.width - valueColumn - 24))
    var row = area.top + 2
    for field in form.fields where row < area.bottom {
        let focused = form.focus == field
        buffer.write(focused ? ">" : " ", row: row, column: 0, attributes: CellAttributes(bold: true))
        buffer.write(label(field, of: form.provider), row: row, column: labelColumn, attributes: CellAttributes(bold: focused))
        let shown: String
        switch field {
        case .provider: shown = "< \(form.provider.label) >"
        case .register: shown = form.register ? "[x] register a new account" : "[ ] register a new account"
        case .password: shown = "[" + tail(String(repeating: "*", count: form.password.count), width: boxWidth) + "]"
        default: shown = "[" + tail(form.value(of: field), width: boxWidth) + "]"
        }
        var attributes = CellAttributes(role: .field)
        attributes.reverse = focused
        let used = buffer.write(shown, row: row, column: valueColumn, attributes: attributes)
        if let error = form.errors[field] {
            buffer.write("! \(error)", row: row, column: valueColumn + used + 2, attributes: CellAttributes(bold: true, role: .error))
        } else if field == .provider && focused {
            buffer.write("Space or 1-\(form.choices.count) to change", row: row, column: valueColumn + used + 2, attributes: CellAttributes(dim: true))
        }
        row += 1
    }
    if form.provider == .anonymous, row + 1 < area.bottom {
        buffer.write("No fields: Enter logs in a new or this device's anonymous user.", row: row + 1, column: 2)
    }
}

private func label(_ field: LoginForm.Field, of provider: LoginForm.Provider) -> String {
    switch field {
    case .provider: "Provider"
    case .email: "Email"
    case .password: "Password"
    case .register: "New user"
    case .apiKey: "API key"
    case .token: provider == .customJWT ? "JWT" : "ID token"
    case .payload: "Payload"
    case .authCode: "Auth code"
    case .accessToken: "Token"
    }
}

/// The end of a value padded to `width` columns; a longer value shows `…` and its tail, so
/// the cursor end stays visible.
private func tail(_ value: String, width: Int) -> String {
    var text = Substring(value)
    if DisplayWidth.of(value) > width {
        while DisplayWidth.of(String(text)) > width - 1 { text = text.dropFirst() }
        text = "…" + text
    }
    let padding = max(0, width - DisplayWidth.of(String(text)))
    return String(text) + String(repeating: " ", count: padding)
}
