/// Where forms put their labels and values.
enum FormLayout {
    static let labelColumn = 2
    static let valueColumn = 14

    /// The width of a text box on a screen area this wide.
    static func boxWidth(for area: Rect) -> Int { max(10, min(40, area.width - valueColumn - 24)) }
}

/// One row of a form: `>` on the focused row, the label, the value (reversed when focused, with
/// its cursor cell at `cursor` columns in), and beside it the refusal in words, or a hint when
/// focused. A refusal too long for the room beside the value goes whole on the rows under it
/// (above `bottom`); returns the rows used.
@discardableResult
func drawFormRow(
    label: String, shown: String, cursor: Int? = nil, focused: Bool, error: String?, hint: String?, hintUnfocused: String? = nil,
    row: Int, bottom: Int = .max, _ buffer: inout ScreenBuffer
) -> Int {
    buffer.write(focused ? ">" : " ", row: row, column: 0, attributes: CellAttributes(bold: true))
    buffer.write(label, row: row, column: FormLayout.labelColumn, attributes: CellAttributes(bold: focused))
    var attributes = CellAttributes(role: .field)
    attributes.reverse = focused
    let used = buffer.write(shown, row: row, column: FormLayout.valueColumn, attributes: attributes)
    if focused, let cursor { drawCursor(row: row, column: FormLayout.valueColumn + cursor, &buffer) }
    let after = FormLayout.valueColumn + used + 2
    if let error {
        let refusal = "! \(error)"
        if DisplayWidth.of(refusal) <= buffer.width - after {
            buffer.write(refusal, row: row, column: after, attributes: CellAttributes(bold: true, role: .error))
            return 1
        }
        let lines = wrap(refusal, width: max(10, buffer.width - FormLayout.valueColumn - 1))
        let shown = min(lines.count, max(0, bottom - row - 1))
        for (index, line) in lines.prefix(shown).enumerated() {
            buffer.write(line, row: row + 1 + index, column: FormLayout.valueColumn, attributes: CellAttributes(bold: true, role: .error))
        }
        return 1 + shown
    } else if let hint = focused ? hint : hintUnfocused {
        buffer.write(hint, row: row, column: after, attributes: CellAttributes(dim: true))
    }
    return 1
}

/// The hint beside a focused secret field: how to show it, or hide it again.
func revealHint<Form: EditableForm>(_ form: Form, _ field: Form.Field) -> String? {
    guard form.secret(field) != nil else { return nil }
    return form.mask(for: field) == nil ? "Ctrl-R hides it" : "Ctrl-R shows it"
}

/// A form's text field as drawn: the focused one follows its cursor, the others show their tail.
func formBox<Form: EditableForm>(_ form: Form, _ field: Form.Field, width: Int) -> TextBox {
    guard field == form.editing.focus else {
        return TextBox(LineEditor(form.value(of: field)), width: width, secret: form.mask(for: field), showsCursor: false)
    }
    return TextBox(form.line, width: width, secret: form.mask(for: field))
}
