import RosterWire

/// A form of fields with one in focus: the log-in form and the account form share how focus
/// moves, how text fields are edited (as a `LineEditor`, the cursor kept by the form) and how
/// secrets are masked; each says which fields it shows, which hold text and which are secret.
protocol EditableForm: KeepsFormEditing {
    /// The fields shown, in Tab order.
    var fields: [Field] { get }
    /// Most characters a text field holds.
    func maxLength(of field: Field) -> Int
    func isText(_ field: Field) -> Bool
    /// How a secret field is masked; `nil` for a field that is not secret.
    func secret(_ field: Field) -> SecretMask?
    func value(of field: Field) -> String
    /// The field's name on screen ("Email", "New PIN").
    func label(_ field: Field) -> String
    /// Sets a text field, capped at its length.
    mutating func setValue(_ value: String, of field: Field)
}

extension EditableForm {
    /// Tab and Shift-Tab: the next or previous field, round the end.
    mutating func moveFocus(by step: Int) {
        let index = fields.firstIndex(of: editing.focus) ?? 0
        editing.focus = fields[(index + step + fields.count) % fields.count]
    }

    /// The focused field as a line being edited.
    var line: LineEditor {
        LineEditor(value(of: editing.focus), cursor: editing.cursor, limit: maxLength(of: editing.focus))
    }

    /// An editing key (a character, Backspace, Delete, Left/Right, Home/End, Ctrl-A/E/U/W) on
    /// the focused text field; false when the field is not text or the key does not edit.
    mutating func edit(_ key: Key) -> Bool {
        guard isText(editing.focus) else { return false }
        var line = line
        guard line.apply(key) else { return false }
        if line.text != value(of: editing.focus) {
            setValue(line.text, of: editing.focus)
            editing.errors[editing.focus] = nil
        }
        editing.cursor = line.cursor
        return true
    }

    /// Pasted text into the focused text field at the cursor, whole: control characters (a
    /// trailing newline too) are dropped, so a paste never submits, and the field's cap cuts
    /// what is too long. On a field that is not text, nothing.
    mutating func insert(_ text: String) {
        guard isText(editing.focus), !TerminalText.printable(text).isEmpty else { return }
        var line = line
        line.insert(text)
        setValue(line.text, of: editing.focus)
        editing.cursor = line.cursor
        editing.errors[editing.focus] = nil
    }

    /// Ctrl-R: shows the focused secret field as typed, or masks it again. Moving the focus masks
    /// it too, and a form that closes takes the reveal with it; other fields stay masked.
    mutating func toggleReveal() {
        guard secret(editing.focus) != nil else { return }
        editing.revealed = editing.revealed == editing.focus ? nil : editing.focus
    }

    /// How a field is drawn: masked if secret and not revealed.
    func mask(for field: Field) -> SecretMask? {
        field == editing.revealed && field == editing.focus ? nil : secret(field)
    }

    /// The refused fields shown, focus on the first of them.
    mutating func refuse(_ refused: [Field: String]) {
        editing.errors = refused
        if let first = fields.first(where: { refused[$0] != nil }) { editing.focus = first }
    }

    /// The status line for a refused form: every field's error in full, in the form's order, as
    /// a narrow form cuts them beside their fields (`!` shows the whole line).
    ///
    ///     "Fix the marked fields: Email: enter an email address; Password: enter the password"
    var refusalMessage: StatusMessage {
        let each = fields.compactMap { field in editing.errors[field].map { "\(label(field)): \($0)" } }
        return StatusMessage(each.isEmpty ? "Fix the marked fields" : "Fix the marked fields: " + each.joined(separator: "; "), isError: true)
    }
}

/// Fields refused by validation, each with a message to show beside it.
public struct FormRefusal<Field: Hashable & Sendable>: Error, Equatable {
    public var errors: [Field: String]
}
