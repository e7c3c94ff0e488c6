/// The user list's one-key commands, each with its key out of the box. A config file may give
/// any of them another key (`KeyBindings`); the keys that move (`j`, `k`, `g`, `G`, `J`, `K`)
/// and `?` stay as they are.
public enum ListCommand: String, Sendable, CaseIterable {
    case logIn, logOut, remove, delete, refresh, edit, filter, find, history, copyId, apiKeys, account, link, lastMessage, quit

    /// The key out of the box, the one the list's update reads.
    public var defaultKey: Character {
        switch self {
        case .logIn: "n"
        case .logOut: "o"
        case .remove: "x"
        case .delete: "d"
        case .refresh: "r"
        case .edit: "e"
        case .filter: "/"
        case .find: "f"
        case .history: "h"
        case .copyId: "y"
        case .apiKeys: "a"
        case .account: "p"
        case .link: "l"
        case .lastMessage: "!"
        case .quit: "q"
        }
    }
}
