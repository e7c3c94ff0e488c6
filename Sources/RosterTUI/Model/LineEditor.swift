import RosterWire

/// One line of text being typed, with a cursor, edited as readline edits: Left/Right,
/// Home/End (Ctrl-A/Ctrl-E), Backspace, Delete, Ctrl-U (erase to the start), Ctrl-W (erase the
/// word before the cursor). Every text field of the switcher is one: the forms' fields, the
/// custom data editor's name and value, an API key's name. Control characters never get in,
/// and the text never grows past `limit` characters.
///
///     var line = LineEditor("joe@exmple.com")
///     for _ in 0..<8 { line.apply(.left) }   // the cursor after "joe@ex"
///     line.insert("a")                        // "joe@example.com"
public struct LineEditor: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible,
    CustomDebugStringConvertible
{
    public private(set) var text: String
    /// Characters before the cursor: from 0 (the start) to `text.count` (the end).
    public private(set) var cursor: Int
    /// Most characters the line holds; a longer paste is cut here.
    public var limit: Int

    /// A line holding `text`, the cursor at its end.
    public init(_ text: String = "", limit: Int = .max) {
        self.limit = limit
        self.text = String(TerminalText.printable(text).prefix(limit))
        cursor = self.text.count
    }

    /// A line holding `text` with the cursor after `cursor` characters (kept within the text).
    public init(_ text: String, cursor: Int, limit: Int = .max) {
        self.init(text, limit: limit)
        self.cursor = min(max(0, cursor), self.text.count)
    }

    public init(stringLiteral text: String) { self.init(text) }

    /// Lines are the same when their text and cursor are; the limit is the field's, not the line's.
    public static func == (left: LineEditor, right: LineEditor) -> Bool {
        left.text == right.text && left.cursor == right.cursor
    }

    /// Never the text: a line may hold a password or a token.
    public var description: String { "LineEditor(\(text.count) characters, cursor at \(cursor))" }
    public var debugDescription: String { description }

    public var isEmpty: Bool { text.isEmpty }

    /// Typed or pasted text at the cursor, its control characters dropped, cut to what fits.
    public mutating func insert(_ typed: String) {
        let room = max(0, limit - text.count)
        let added = String(TerminalText.printable(typed).prefix(room))
        guard !added.isEmpty else { return }
        var characters = Array(text)
        characters.insert(contentsOf: added, at: cursor)
        text = String(characters)
        cursor += added.count
    }

    /// Replaces the whole text, the cursor at its end.
    public mutating func set(_ newText: String) {
        self = LineEditor(newText, limit: limit)
    }

    /// Applies an editing key; false for a key that does not edit a line (Enter, Tab, …).
    @discardableResult
    public mutating func apply(_ key: Key) -> Bool {
        var characters = Array(text)
        switch key {
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .ctrlA: cursor = 0
        case .end, .ctrlE: cursor = characters.count
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .ctrlU:
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .ctrlW:
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .char(let character):
            insert(String(character))
            return true
        default:
            return false
        }
        text = String(characters)
        return true
    }
}
