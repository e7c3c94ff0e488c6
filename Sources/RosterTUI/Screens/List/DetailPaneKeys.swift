/// Keys for the detail pane on the users screen: `J`/`K` scroll it and Tab gives it the keys;
/// while it has them the arrows, `j`/`k`, PageUp/PageDown, Space, Ctrl-D/Ctrl-U, `g`/`G` and
/// Home/End scroll it, and Tab or Esc give the keys back to the list. Other keys (`e`, `r`, `n`,
/// `q`, …) are the list's. Returns nil for a key the pane leaves to the list.
func detailPaneKey(_ model: inout Model, _ key: Key) -> [Effect]? {
    let window = detailWindow(model)
    let page = max(1, window?.rows ?? 1)
    let all = window?.total ?? 0
    switch key {
    case .char("J"): scrollDetail(&model, by: 1)
    case .char("K"): scrollDetail(&model, by: -1)
    case .tab: model.list.detail.isFocused.toggle()
    default:
        guard model.list.detail.isFocused else { return nil }
        switch key {
        case .escape, .backTab: model.list.detail.isFocused = false
        case .down, .char("j"): scrollDetail(&model, by: 1)
        case .up, .char("k"): scrollDetail(&model, by: -1)
        case .pageDown, .char(" "): scrollDetail(&model, by: max(1, page - 1))
        case .pageUp: scrollDetail(&model, by: -max(1, page - 1))
        case .ctrlD: scrollDetail(&model, by: max(1, page / 2))
        case .ctrlU: scrollDetail(&model, by: -max(1, page / 2))
        case .char("g"), .home: scrollDetail(&model, by: -all)
        case .char("G"), .end: scrollDetail(&model, by: all)
        default: return nil
        }
    }
    return []
}

/// Scrolls the selected user's details by `lines` (up when negative), kept between the top and
/// the last line. Pure, for keys and for the mouse wheel alike.
public func scrollDetail(_ model: inout Model, by lines: Int) {
    guard let user = model.list.selectedUser, let window = detailWindow(model) else { return }
    model.list.detail.userId = user.id
    model.list.detail.scroll = min(max(0, window.first + lines), window.maxScroll)
}

/// The lines of the selected user's details that fit in the pane at the model's size.
func detailWindow(_ model: Model) -> DetailWindow? {
    guard let user = model.list.selectedUser else { return nil }
    let area = ListLayout(model).detail
    return DetailWindow(total: detailLines(user, now: model.now, changedJustNow: model.list.detail.customDataChangedJustNow(for: user.id, now: model.now)).count, height: area.height, scroll: model.list.detail.scroll(for: user.id))
}
