/// A form of fields with one in focus: the log-in form and the account form share how focus
/// moves and how text fields are edited; each says which fields it shows and which hold text.
protocol EditableForm {
    associatedtype Field: Hashable
    /// The fields shown, in Tab order.
    var fields: [Field] { get }
    var focus: Field { get set }
    /// A message beside each refused field.
    var errors: [Field: String] { get set }
    func isText(_ field: Field) -> Bool
    func value(of field: Field) -> String
    /// Sets a text field, capped at its length.
    mutating func setValue(_ value: String, of field: Field)
}

extension EditableForm {
    /// Tab and Shift-Tab: the next or previous field, round the end.
    mutating func moveFocus(by step: Int) {
        let index = fields.firstIndex(of: focus) ?? 0
        focus = fields[(index + step + fields.count) % fields.count]
    }

    /// Backspace in a text field.
    mutating func erase() {
        let value = value(of: focus)
        guard isText(focus), !value.isEmpty else { return }
        setValue(String(value.dropLast()), of: focus)
        errors[focus] = nil
    }

    /// A typed character into a text field; control characters are dropped.
    mutating func typeText(_ character: Character) {
        let text = DisplayWidth.printable(String(character))
        guard isText(focus), !text.isEmpty else { return }
        setValue(value(of: focus) + text, of: focus)
        errors[focus] = nil
    }

    /// The refused fields shown, focus on the first of them.
    mutating func refuse(_ refused: [Field: String]) {
        errors = refused
        if let first = fields.first(where: { refused[$0] != nil }) { focus = first }
    }
}

/// Fields refused by validation, each with a message to show beside it.
public struct FormRefusal<Field: Hashable & Sendable>: Error, Equatable {
    public var errors: [Field: String]
}
