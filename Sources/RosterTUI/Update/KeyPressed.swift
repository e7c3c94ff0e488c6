/// A key (or a paste, a click, a resize): Ctrl-C quits from every screen and Ctrl-Z suspends,
/// but in a kiosk no key leaves (`Kiosk.gate`); the message box and the help box take keys while open; any other
/// key goes to the screen on show, and counts the operations it starts.
func keyPressed(_ model: inout Model, _ key: Key) -> [Effect] {
    switch key {
    case .terminate:
        return [.quit]
    case .ctrlC:
        return Kiosk.gate(&model, [.quit])
    case .ctrlZ where !model.isKiosk:
        return [.suspend]
    case .ctrlZ, .ctrlBackslash:
        if model.isKiosk { model.status = StatusMessage(Kiosk.notice) }
        return []
    case .resize(let width, let height):
        model.size = TerminalSize(width: max(0, width), height: max(0, height))
        return []
    case .paste where model.messageBox != nil:
        // Nothing under the message box takes a paste while it is up.
        return []
    case .paste(let text):
        return paste(text, into: &model)
    case .mouse(let event):
        return mouseInput(&model, event)
    default:
        model.lastInputAt = model.now
        let status = StatusLine.beforeKey(&model)
        defer { StatusLine.afterKey(&model, status) }
        if var box = model.messageBox { return Kiosk.gate(&model, messageBoxKey(&model, &box, key)) }
        if var help = model.help { return Kiosk.gate(&model, helpBoxKey(&model, &help, key)) }
        if openHelp(&model, key) { return [] }
        let effects = Kiosk.gate(&model, updateShownScreen(&model, .key(key)))
        model.pendingOperations += effects.filter(\.isOperation).count
        return effects
    }
}
