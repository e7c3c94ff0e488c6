/// The last message of the status line in full, in a box over the list (`!`): Esc, Enter or
/// `!` close it, `q` quits.
struct LastMessageScreen: Screen {
    var message: StatusMessage

    var mode: Mode { .lastMessage(message) }

    /// `!` on the list: the last message, whole, in a box.
    static func open(_ model: inout Model) -> [Effect] {
        guard let message = model.lastMessage else {
            model.status = StatusMessage("No message yet")
            return []
        }
        model.mode = .lastMessage(message)
        return []
    }

    mutating func update(_ action: Action, _ model: inout Model) -> [Effect] {
        guard case .key(let key) = action else { return [] }
        switch key {
        case .escape, .enter, .char("!"): model.mode = .list
        case .char("q"): return [.quit]
        default: break
        }
        return []
    }
}
