/// What every form of fields keeps beside its values (`EditableForm`): the field in focus and the
/// cursor in it, the secret field shown as typed, the refused fields' messages, and the request
/// sent. Held once here, so the log-in form and the account form move focus, reveal and refuse
/// by the same rules.
public struct FormEditing<Field: Hashable & Sendable>: Sendable, Equatable {
    /// Moving it masks a revealed secret and puts the cursor at the end of the new field, so a
    /// secret shown stays on its own field.
    public var focus: Field {
        didSet {
            guard focus != oldValue else { return }
            revealed = nil
            cursor = .max
        }
    }
    /// Characters before the cursor in the focused field; `Int.max` puts it at the end.
    public var cursor: Int = .max
    /// The secret field shown as typed (Ctrl-R), until the focus moves.
    public var revealed: Field? = nil
    /// A message beside each refused field.
    public var errors: [Field: String] = [:]
    /// The request the form sent and waits on: its result closes the form (or, failing, lets it
    /// send again); results of anything else leave it alone.
    public var sent: Effect? = nil

    public init(focus: Field) {
        self.focus = focus
    }
}

/// A form that keeps its editing state in one `FormEditing`: its focus, cursor, revealed secret,
/// refused fields and request sent are read and set through it, written once here.
public protocol KeepsFormEditing {
    associatedtype Field: Hashable & Sendable
    var editing: FormEditing<Field> { get set }
}

extension KeepsFormEditing {
    public var focus: Field {
        get { editing.focus }
        set { editing.focus = newValue }
    }
    public var cursor: Int {
        get { editing.cursor }
        set { editing.cursor = newValue }
    }
    public var revealed: Field? {
        get { editing.revealed }
        set { editing.revealed = newValue }
    }
    public var errors: [Field: String] {
        get { editing.errors }
        set { editing.errors = newValue }
    }
    public var sent: Effect? {
        get { editing.sent }
        set { editing.sent = newValue }
    }
}
