import RosterWire

/// Which key runs each of the list's commands (`ListCommand`): the defaults, with what a config
/// file changes. A key pressed on the list is read as its command's default key, so the list's
/// update knows only the defaults; a default key given to no command any more does nothing.
///
///     let keys = try KeyBindings(["remove": "X"])
///     keys.translated(.char("X"))   // .char("x"): remove
///     keys.translated(.char("x"))   // nil: x is nobody's now
public struct KeyBindings: Sendable, Equatable {
    public private(set) var keys: [ListCommand: Character]

    /// Keys that keep their own meaning on the list.
    public static let reserved: [Character: String] = [
        "j": "moves down", "k": "moves up", "g": "goes to the first user", "G": "goes to the last user",
        "J": "scrolls the detail pane", "K": "scrolls the detail pane", "?": "shows the keys", " ": "is not a key to bind",
    ]

    public init() {
        keys = Dictionary(uniqueKeysWithValues: ListCommand.allCases.map { ($0, $0.defaultKey) })
    }

    /// The defaults with `changes` (a command's name and one printable character) made; throws
    /// a refusal in words for an unknown command, a key that is not one character, a reserved
    /// key, or two commands on one key.
    public init(_ changes: [String: String]) throws(SettingsRefusal) {
        self.init()
        for (name, key) in changes.sorted(by: { $0.key < $1.key }) {
            guard let command = ListCommand(rawValue: name) else {
                throw SettingsRefusal("keys.\(name) is not a command; the commands are \(ListCommand.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard key.count == 1, let character = key.first, !character.isWhitespace, TerminalText.printable(key) == key, DisplayWidth.of(key) == 1
            else { throw SettingsRefusal("keys.\(name) takes one printable character, quoted when YAML reads it otherwise (\"!\"), not '\(key.prefix(20))'") }
            if let meaning = Self.reserved[character] { throw SettingsRefusal("keys.\(name) cannot be '\(key)': it \(meaning)") }
            keys[command] = character
        }
        var seen: [Character: ListCommand] = [:]
        for command in ListCommand.allCases {
            let key = keys[command]!
            if let other = seen[key] { throw SettingsRefusal("keys.\(other.rawValue) and keys.\(command.rawValue) are both '\(key)'") }
            seen[key] = command
        }
    }

    public func key(_ command: ListCommand) -> Character { keys[command] ?? command.defaultKey }

    /// Whether any command has a key other than its default.
    public var isDefault: Bool { keys.allSatisfy { $0.value == $0.key.defaultKey } }

    /// A key pressed on the list as the list's update reads it: a bound key becomes its
    /// command's default key; a default key now bound to nothing becomes nil; any other key
    /// stays as it is.
    public func translated(_ key: Key) -> Key? {
        guard case .char(let character) = key, !isDefault else { return key }
        if let command = keys.first(where: { $0.value == character })?.key { return .char(command.defaultKey) }
        if ListCommand.allCases.contains(where: { $0.defaultKey == character }) { return nil }
        return key
    }
}

/// A setting refused, in words that name it.
public struct SettingsRefusal: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
