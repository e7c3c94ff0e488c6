/// Keys while the message box is up: it scrolls (arrows, `j`/`k`, pages, `g`/`G`); Esc, Enter
/// or `!` close it, back to the screen under it; `q` quits.
func messageBoxKey(_ model: inout Model, _ box: inout MessageBox, _ key: Key) -> [Effect] {
    let page = max(1, helpPageHeight(model) - 1)
    switch key {
    case .escape, .enter, .char("!"):
        model.messageBox = nil
        return []
    case .char("q"): return [.quit]
    case .down, .char("j"): box.scroll += 1
    case .up, .char("k"): box.scroll -= 1
    case .pageDown, .char(" "), .ctrlD: box.scroll += page
    case .pageUp, .ctrlU: box.scroll -= page
    case .char("g"), .home: box.scroll = 0
    case .char("G"), .end: box.scroll = .max / 2
    default: break
    }
    let width = messageTextWidth(ListLayout.body(width: model.size.width, height: model.size.height))
    box.scroll = min(max(0, box.scroll), max(0, messageLines(box, model, width: width).count - helpPageHeight(model)))
    model.messageBox = box
    return []
}
