import Foundation

/// The status line's life: a message stays until the next key, or a few seconds (errors
/// longer), and never goes along to another screen; while the operation it tells of is under
/// way it stays. `!` shows the last message in full.
enum StatusLine {
    static let infoLifetime: TimeInterval = 5
    static let errorLifetime: TimeInterval = 10

    /// What a key is handled against: the screen, and the message left on show.
    struct BeforeKey {
        let screen: Mode.Screen
        let helpOpen: Bool
        let status: StatusMessage?
    }

    /// A key was pressed: the message on show has been seen and goes (it stays for `!`).
    static func beforeKey(_ model: inout Model) -> BeforeKey {
        if !model.isBusy { model.status = nil }
        return BeforeKey(screen: model.mode.screen, helpOpen: model.help != nil, status: model.status)
    }

    /// A message the key left on show belongs to the screen it was on; on another screen it goes.
    static func afterKey(_ model: inout Model, _ before: BeforeKey) {
        let moved = model.mode.screen != before.screen || (model.help != nil) != before.helpOpen
        if moved, model.status != nil, model.status == before.status {
            model.status = nil
        }
    }

    /// Time passed: a message that has been on show long enough goes.
    static func tick(_ model: inout Model) {
        guard let status = model.status, !model.isBusy else { return }
        let lifetime = status.isError ? errorLifetime : infoLifetime
        if model.now.timeIntervalSince(model.statusSince) >= lifetime { model.status = nil }
    }
}

/// `!` on the list: the last message, whole, in a box.
func showLastMessage(_ model: inout Model) -> [Effect] {
    guard let message = model.lastMessage else {
        model.status = StatusMessage("No message yet")
        return []
    }
    model.mode = .lastMessage(message)
    return []
}

/// Keys on the last-message box: Esc, Enter or `!` close it, `q` quits.
func lastMessageKey(_ model: inout Model, _ key: Key) -> [Effect] {
    switch key {
    case .escape, .enter, .char("!"): model.mode = .list
    case .char("q"): return [.quit]
    default: break
    }
    return []
}

extension Mode {
    /// Which screen is up, whatever is typed into it.
    enum Screen: Equatable {
        case list, confirm, loginForm, apiKeys, account, dataEditor, secretPrompt, history, failure, lastMessage
    }

    var screen: Screen {
        switch self {
        case .list: .list
        case .confirm: .confirm
        case .loginForm: .loginForm
        case .apiKeys: .apiKeys
        case .account: .account
        case .dataEditor: .dataEditor
        case .secretPrompt: .secretPrompt
        case .history: .history
        case .failure: .failure
        case .lastMessage: .lastMessage
        }
    }
}
