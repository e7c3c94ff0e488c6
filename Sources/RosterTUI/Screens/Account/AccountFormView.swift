/// The account form: the task, then the fields it needs; the token, its id and the new password
/// show masked (`SecretMask`) unless Ctrl-R reveals the focused one.
/// In a kiosk on the embedded demo server, what it cannot protect (`caveat`) is said below.
func drawAccountForm(_ form: AccountForm, outbox: String?, caveat: String? = nil, in area: Rect, _ buffer: inout ScreenBuffer) {
    buffer.write("Password reset and email confirmation", row: area.top, column: 1, attributes: CellAttributes(bold: true))
    let boxWidth = FormLayout.boxWidth(for: area)
    var row = area.top + 2
    for field in form.fields where row < area.bottom {
        let box = form.isText(field) ? formBox(form, field, width: boxWidth) : nil
        let shown = field == .task ? "< \(form.task.label) >" : box?.text ?? ""
        row += drawFormRow(
            label: form.label(field), shown: shown, cursor: box?.cursorColumn, focused: form.focus == field, error: form.errors[field],
            hint: field == .task ? "Space to change" : revealHint(form, field), row: row, bottom: area.bottom, &buffer)
    }
    row += 1
    let note = form.task == .resetPassword || form.task == .confirmEmail
        ? "The token and its id are in the message the server sent." : "The message holds a token to paste here."
    for line in [note] + (outbox.map { ["Messages go to \($0)."] } ?? []) where row < area.bottom {
        buffer.write(line, row: row, column: 2, maxWidth: area.width - 3, attributes: CellAttributes(dim: true))
        row += 1
    }
    guard let caveat else { return }
    row += 1
    for line in wrap(caveat, width: area.width - 3) where row < area.bottom {
        buffer.write(line, row: row, column: 2, maxWidth: area.width - 3, attributes: CellAttributes(bold: true))
        row += 1
    }
}
