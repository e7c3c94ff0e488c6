import RosterWire

/// Editing a logged-in user's custom data, one top-level field at a time: change a value, add a
/// field, remove one, then save all of it as one update. A value keeps its type unless the person
/// changes it: a text value is edited as text (`42` typed into it stays the text "42"), any other
/// value as JSON; Tab switches between the two, and the status line names a change of type.
/// Fields left alone keep their values exactly.
public struct DataEditor: Sendable, Equatable {
    public struct Field: Sendable, Equatable {
        public var key: String
        public var value: JSONValue
        /// New, or given a new value, since the editor opened.
        public var changed: Bool
    }

    /// What is being typed: a new field's name, or a field's value.
    public enum Typing: Sendable, Equatable {
        case newKey(LineEditor)
        case value(ValueEntry)
    }

    /// A value being typed, and how it is read.
    public struct ValueEntry: Sendable, Equatable {
        public var key: String
        public var line: LineEditor
        /// The field's value before this edit; `nil` for a new field.
        public var original: JSONValue?
        /// Taken as text whatever it looks like; otherwise read as JSON when it parses.
        public var asText: Bool

        public var isNew: Bool { original == nil }
        public var text: String { line.text }

        /// An existing field's value, ready to change: text as itself, anything else as JSON;
        /// `emptied`, for a value named to be added anew, the line starts empty (read as the
        /// value was: text as text).
        public init(key: String, original: JSONValue, emptied: Bool = false) {
            self.key = key
            self.original = original
            asText = original.stringValue != nil
            let text = emptied ? "" : original.stringValue ?? DataEditor.editableText(original)
            // A value longer than what can be typed is never cut by opening it.
            line = LineEditor(text, limit: max(DataEditor.maxValueLength, text.count))
        }

        /// A new field's value: read as JSON when it parses, as text otherwise, until Tab says.
        public init(newKey key: String, text: String = "") {
            self.key = key
            line = LineEditor(text, limit: DataEditor.maxValueLength)
            original = nil
            asText = false
        }

        /// The value the typed text stands for. Over a value that is not text, text that is not
        /// JSON stands for nothing (nil) until Tab says to take it as text: a number or an
        /// object never turns into text unasked. A new field's text that is not JSON is text.
        public var value: JSONValue? {
            if asText { return .string(text) }
            if let parsed = try? JSONValue(parsing: text) { return parsed }
            return isNew ? .string(text) : nil
        }
    }

    public var owner: UserTarget
    /// The request this screen sent and waits on: its result closes the screen (or, failing,
    /// lets it send again); results of anything else leave it alone.
    public var sent: Effect? = nil
    public private(set) var fields: [Field]
    public private(set) var removed: [String]
    public var selection: Int
    public var typing: Typing?
    /// Leaving with unsaved changes waits for an answer: Cancel (first), Save or Discard.
    public var closing: Closing?

    /// A way out of the editor that would drop changes, and its question.
    public struct Closing: Sendable, Equatable {
        /// Whether leaving quits Roster (`q`) rather than going back to the users (Esc).
        public var quitting: Bool
        public var dialog: Dialog

        public init(quitting: Bool, changes: Int) {
            self.quitting = quitting
            dialog = Dialog(
                lines: ["\(changes == 1 ? "1 change is" : "\(changes) changes are") not saved.", quitting ? "Save before quitting?" : "Save before leaving the editor?"],
                buttons: ["Cancel", "Save", "Discard"])
        }
    }

    public static let maxKeyLength = 64
    public static let maxValueLength = 4096

    /// The fields the document had when the editor opened: removing any other simply drops it.
    public private(set) var originalKeys: Set<String>
    /// The field holding the user's own id (the app's user-id field), shown but never changed:
    /// the server refuses a change to it.
    public private(set) var userIdField: String?

    public init(owner: UserTarget, document: JSONValue) {
        self.owner = owner
        // In the document's order, as the detail pane shows it.
        fields = (document.objectValue ?? [:]).filter { $0.key != "_id" }
            .map { Field(key: $0.key, value: $0.value, changed: false) }
        originalKeys = Set(fields.map(\.key))
        userIdField = fields.first { $0.value == .string(owner.id) }?.key
        removed = []
        selection = 0
        typing = nil
    }

    public var hasChanges: Bool { changeCount > 0 }

    /// Fields changed or added, and fields removed.
    public var changeCount: Int { removed.count + fields.filter(\.changed).count }

    public var selectedField: Field? { fields.indices.contains(selection) ? fields[selection] : nil }

    /// A value as the editor lists it: text in quotes (so the text "42" never reads as the
    /// number 42), anything else as people read it.
    public static func shown(_ value: JSONValue) -> String {
        value.stringValue != nil ? value.compactText : value.readableText(indent: nil)
    }

    /// A value as the line to edit it shows it: JSON, with numbers as numbers at any depth
    /// (`1.0`, not `{"$numberDouble": "1.0"}`); dates, ids and values JSON cannot hold (NaN)
    /// stay in Extended JSON, which reads back as the same value.
    public static func editableText(_ value: JSONValue) -> String {
        func plain(_ value: JSONValue) -> JSONValue {
            switch value {
            case .array(let items): return .array(items.map(plain))
            case .object(let fields):
                if fields.count == 1, let (key, wrapped) = fields.first, let text = wrapped.stringValue {
                    switch key {
                    case "$numberInt", "$numberLong": if let number = Int64(text) { return .int(number) }
                    case "$numberDouble": if let number = Double(text), number.isFinite { return .double(number) }
                    default: break
                    }
                }
                return .object(fields.mapValues(plain))
            default: return value
            }
        }
        return plain(value).compactText
    }

    /// Typed text as a value: JSON when it parses, otherwise the text itself.
    public static func value(of text: String) -> JSONValue {
        (try? JSONValue(parsing: text)) ?? .string(text)
    }

    /// Sets a field (adding it when new) and selects it.
    mutating func set(_ key: String, to value: JSONValue) {
        removed.removeAll { $0 == key }
        if let index = fields.firstIndex(where: { $0.key == key }) {
            fields[index].value = value
            fields[index].changed = true
            selection = index
        } else {
            // At the end, where a `$set` puts a new field and the detail pane shows it.
            fields.append(Field(key: key, value: value, changed: true))
            selection = fields.count - 1
        }
    }

    /// Removes the selected field: a field added since the editor opened is simply dropped.
    mutating func removeSelected() {
        guard let field = selectedField else { return }
        fields.remove(at: selection)
        if originalKeys.contains(field.key) { removed.append(field.key) }
        selection = min(selection, max(0, fields.count - 1))
    }

    /// What a dotted path (`preferences.theme`) names: the value there (nil when there is
    /// none yet), or why it names nothing a value can go in.
    func lookUp(_ path: [String]) -> Result<JSONValue?, PathProblem> {
        var current: JSONValue? = fields.first { $0.key == path[0] }?.value
        var walked = path[0]
        for part in path.dropFirst() {
            guard let value = current else { return .success(nil) }
            guard case .object(let object) = value else {
                return .failure(PathProblem(text: "'\(walked)' is \(ValueKind(of: value).word), not an object"))
            }
            current = object[part]
            walked += "." + part
        }
        return .success(current)
    }

    /// Sets the value at a dotted path, making the objects on the way; the top field is what
    /// changes (and is saved whole).
    mutating func set(path: [String], to value: JSONValue) {
        let top = fields.first { $0.key == path[0] }?.value
        set(path[0], to: Self.setting(value, at: path.dropFirst(), in: top))
    }

    private static func setting(_ value: JSONValue, at path: ArraySlice<String>, in container: JSONValue?) -> JSONValue {
        guard let first = path.first else { return value }
        var object = container?.objectValue ?? [:]
        object[first] = setting(value, at: path.dropFirst(), in: object[first])
        return .object(object)
    }

    /// Why a path names nothing a value can go in.
    public struct PathProblem: Error, Equatable {
        public var text: String
    }

    /// The update that saves the changes: `$set` of what changed, `$unset` of what was removed.
    public var update: JSONValue? {
        var update: JSONObject = [:]
        let set = JSONObject(uniqueKeysWithValues: fields.filter(\.changed).map { ($0.key, $0.value) })
        if !set.isEmpty { update["$set"] = .object(set) }
        if !removed.isEmpty { update["$unset"] = .object(JSONObject(uniqueKeysWithValues: removed.map { ($0, JSONValue.string("")) })) }
        return update.isEmpty ? nil : .object(update)
    }
}
