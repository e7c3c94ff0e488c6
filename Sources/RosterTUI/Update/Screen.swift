/// One screen of the switcher. Its state is what its `Mode` case holds; its `update` takes the
/// keys while it is on show and the results meant for it (the answers to what it sent, the
/// users read again), and moves to another screen by setting `model.mode`.
/// `updateShownScreen` takes the state out of the model, runs the update, and puts the state
/// back unless the update moved on.
protocol Screen {
    /// The mode that shows this state.
    var mode: Mode { get }
    mutating func update(_ action: Action, _ model: inout Model) -> [Effect]
    /// A paste while on show: into the field being typed into, or nowhere (the default).
    mutating func paste(_ text: String, _ model: inout Model)
    /// What `?` (`typing` it) or F1 opens: the screen's keys, or nil where the key means
    /// nothing (the default), as in a field that `?` is typed into.
    func helpTopic(_ model: Model, typing: Bool) -> HelpBox.Topic?
}

extension Screen {
    mutating func paste(_ text: String, _ model: inout Model) {}
    func helpTopic(_ model: Model, typing: Bool) -> HelpBox.Topic? { nil }
}

extension Model {
    /// The screen on show, as the state its update works on.
    var shownScreen: any Screen {
        switch mode {
        case .list where isIdleLocked: IdleLockScreen()
        case .list: UserListScreen()
        case .confirm(let question): question
        case .loginForm(let form): form
        case .apiKeys(let screen): screen
        case .account(let form): form
        case .dataEditor(let editor): editor
        case .secretPrompt(let prompt): prompt
        case .history(let screen): screen
        case .failure(let reason): FailureScreen(reason: reason)
        }
    }
}

/// Hands `action` to the screen on show. Its state goes back into the model unless its update
/// moved to another screen.
func updateShownScreen(_ model: inout Model, _ action: Action) -> [Effect] {
    var screen = model.shownScreen
    let shown = model.mode.kind
    let effects = screen.update(action, &model)
    if model.mode.kind == shown { model.mode = screen.mode }
    return effects
}

/// A paste goes to the screen on show, which puts it into the text field being typed into (a
/// form's focused field, the filter, a custom data name or value, an API key's name), control
/// characters dropped and cut at the field's length, so a pasted newline never submits.
/// Anywhere else (the users, help, a dialog, a form's provider or task, a new key on show) it
/// does nothing at all: pasted letters are never commands, so pasting `xy` on the users removes
/// no one. Text pasted into find as you type goes to its first match.
func paste(_ text: String, into model: inout Model) -> [Effect] {
    let finding = model.list.find?.text
    var screen = model.shownScreen
    screen.paste(text, &model)
    model.mode = screen.mode
    guard let find = model.list.find, find.text != finding else { return [] }
    return findTyped(&model)
}

extension Mode {
    /// Which screen is up, whatever is typed into it.
    enum Kind: Equatable {
        case list, confirm, loginForm, apiKeys, account, dataEditor, secretPrompt, history, failure
    }

    var kind: Kind {
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
        }
    }
}
