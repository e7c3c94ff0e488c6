/// `?` on a screen: its help box, when the key is not typed into a text field there.
func openHelp(_ model: inout Model, _ key: Key) -> Bool {
    guard key == .char("?"), model.help == nil, let topic = helpTopic(model) else { return false }
    model.help = HelpBox(topic)
    return true
}

/// The screen's help topic, or nil where `?` is typed (a text field) or means nothing.
private func helpTopic(_ model: Model) -> HelpBox.Topic? {
    switch model.mode {
    case .list where model.isIdleLocked || model.isEditingFilter: nil
    case .list: .list
    case .dataEditor(let editor) where editor.typing == nil && editor.closing == nil: .editor
    case .loginForm(let form) where !form.isText(form.focus): .loginForm
    case .account(let form) where !form.isText(form.focus): .accountForm
    case .apiKeys(let screen) where screen.naming == nil && screen.created == nil && screen.deleting == nil: .apiKeys
    case .history: .history
    default: nil
    }
}

/// Keys while the help box is up: it scrolls (arrows, `j`/`k`, pages, `g`/`G`); Esc, `?`
/// or Enter close it; `q` quits.
func helpBoxKey(_ model: inout Model, _ help: inout HelpBox, _ key: Key) -> [Effect] {
    let page = max(1, helpPageHeight(model) - 1)
    switch key {
    case .escape, .char("?"), .enter:
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
