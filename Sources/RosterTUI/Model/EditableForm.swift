import RosterWire

/// A form of fields with one in focus: the log-in form and the account form share how focus
/// moves, how text fields are edited (as a `LineEditor`, the cursor kept by the form) and how
/// secrets are masked; each says which fields it shows, which hold text and which are secret.
protocol EditableForm {
    associatedtype Field: Hashable
    /// The fields shown, in Tab order.
    var fields: [Field] { get }
    /// Each form clears `revealed` when this changes, so a secret shown stays on its own field.
    var focus: Field { get set }
    /// The secret field shown as typed (Ctrl-R): only ever the focused one.
    var revealed: Field? { get set }
    /// A message beside each refused field.
    var errors: [Field: String] { get set }
    /// Characters before the cursor in the focused text field; each form puts it at the end
    /// (`Int.max`) when the focus moves.
    var cursor: Int { get set }
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
        let index = fields.firstIndex(of: focus) ?? 0
        focus = fields[(index + step + fields.count) % fields.count]
    }

    /// The focused field as a line being edited.
    var line: LineEditor {
        LineEditor(value(of: focus), cursor: cursor, limit: maxLength(of: focus))
    }

    /// An editing key (a character, Backspace, Delete, Left/Right, Home/End, Ctrl-A/E/U/W) on
    /// the focused text field; false when the field is not text or the key does not edit.
    mutating func edit(_ key: Key) -> Bool {
        guard isText(focus) else { return false }
        var line = line
        guard line.apply(key) else { return false }
        if line.text != value(of: focus) {
            setValue(line.text, of: focus)
            errors[focus] = nil
        }
        cursor = line.cursor
        return true
    }

    /// Pasted text into the focused text field at the cursor, whole: control characters (a
    /// trailing newline too) are dropped, so a paste never submits, and the field's cap cuts
    /// what is too long. On a field that is not text, nothing.
    mutating func insert(_ text: String) {
        guard isText(focus), !TerminalText.printable(text).isEmpty else { return }
        var line = line
        line.insert(text)
        setValue(line.text, of: focus)
        cursor = line.cursor
        errors[focus] = nil
    }

    /// Ctrl-R: shows the focused secret field as typed, or masks it again. Moving the focus masks
    /// it too, and a form that closes takes the reveal with it; other fields stay masked.
    mutating func toggleReveal() {
        guard secret(focus) != nil else { return }
        revealed = revealed == focus ? nil : focus
    }

    /// How a field is drawn: masked if secret and not revealed.
    func mask(for field: Field) -> SecretMask? {
        field == revealed && field == focus ? nil : secret(field)
    }

    /// The refused fields shown, focus on the first of them.
    mutating func refuse(_ refused: [Field: String]) {
        errors = refused
        if let first = fields.first(where: { refused[$0] != nil }) { focus = first }
    }

    /// The status line for a refused form: every field's error in full, in the form's order, as
    /// a narrow form cuts them beside their fields (`!` shows the whole line).
    ///
    ///     "Fix the marked fields: Email: enter an email address; Password: enter the password"
    var refusalMessage: StatusMessage {
        let each = fields.compactMap { field in errors[field].map { "\(label(field)): \($0)" } }
        return StatusMessage(each.isEmpty ? "Fix the marked fields" : "Fix the marked fields: " + each.joined(separator: "; "), isError: true)
    }
}

/// Fields refused by validation, each with a message to show beside it.
public struct FormRefusal<Field: Hashable & Sendable>: Error, Equatable {
    public var errors: [Field: String]
}
