/// `?` on a screen: its help box, when the key is not typed into a text field there.
func openHelp(_ model: inout Model, _ key: Key) -> Bool {
    guard key == .char("?") || key == .f1, model.help == nil, let topic = model.shownScreen.helpTopic(model, typing: key == .char("?")) else {
        return false
    }
    model.help = HelpBox(topic)
    return true
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
    help.scroll = min(max(0, help.scroll), max(0, helpLines(help.topic, model.policy, keys: model.keys, caveat: model.kioskCaveat).count - helpPageHeight(model)))
    model.help = help
    return []
}
