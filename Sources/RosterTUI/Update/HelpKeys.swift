/// `?` on a screen: its help box, when the key is not typed into a text field there.
func openHelp(_ model: inout Model, _ key: Key) -> Bool {
    guard key == .char("?") || key == .f1, model.help == nil, let topic = helpTopic(model, typing: key == .char("?")) else {
        return false
    }
    model.help = HelpBox(topic)
    return true
}

/// The screen's help topic, or nil where the key means nothing. `?` is typed into a text field
/// (`typing`); F1 opens the help even there.
private func helpTopic(_ model: Model, typing: Bool) -> HelpBox.Topic? {
    switch model.mode {
    case .list where model.isIdleLocked: nil
    case .list where model.isEditingFilter: typing ? nil : .list
    case .list: .list
    case .dataEditor(let editor) where editor.closing == nil && (editor.typing == nil || !typing): .editor
    case .loginForm(let form) where !form.isText(form.focus) || !typing: .loginForm
    case .account(let form) where !form.isText(form.focus) || !typing: .accountForm
    case .apiKeys(let screen) where screen.created == nil && screen.deleting == nil && (screen.naming == nil || !typing): .apiKeys
    case .history: .history
    default: nil
    }
}

/// Keys while the help box is up: it scrolls (arrows, `j`/`k`, pages, `g`/`G`); Esc, `?`, F1
/// or Enter close it; `q` quits.
func helpBoxKey(_ model: inout Model, _ help: inout HelpBox, _ key: Key) -> [Effect] {
    let page = max(1, helpPageHeight(model) - 1)
    switch key {
    case .escape, .char("?"), .f1, .enter:
        model.help = nil
        return []
    case .char("q"): return [.quit]
    case .down, .char("j"): help.scroll += 1
    case .up, .char("k"): help.scroll -= 1
    case .pageDown, .char(" "), .ctrlD: help.scroll += page
    case .pageUp, .ctrlU: help.scroll -= page
    case .char("g"), .home: help.scroll = 0
    case .char("G"), .end: help.scroll = .max / 2
    default: break
    }
    help.scroll = min(max(0, help.scroll), max(0, helpLines(help.topic, model.policy).count - helpPageHeight(model)))
    model.help = help
    return []
}
