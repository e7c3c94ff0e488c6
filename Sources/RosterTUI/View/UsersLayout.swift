/// Where the users screen puts the list and the detail pane: side by side from `twoColumnWidth`
/// columns, otherwise the list above (collapsed to the selected user while the pane has the
/// keys, so the pane gets the room) and the pane below a rule. `view` draws with it and
/// `update` scrolls with it, so both agree on what fits.
struct UsersLayout {
    var list: Rect
    var detail: Rect
    /// The column of the vertical divider, or the row of the horizontal rule.
    var divider: Int
    var isSideBySide: Bool

    init(_ model: Model, in body: Rect) {
        if body.width >= twoColumnWidth {
            let listWidth = min(44, body.width * 2 / 5)
            list = Rect(top: body.top, left: 0, width: listWidth, height: body.height)
            detail = Rect(top: body.top, left: listWidth + 2, width: body.width - listWidth - 2, height: body.height)
            divider = listWidth
            isSideBySide = true
        } else {
            let wanted = model.detail.isFocused ? 1 : max(1, model.visibleUsers.count)
            let listHeight = min(wanted, max(1, (body.height - 1) / 2))
            list = Rect(top: body.top, left: 0, width: body.width, height: listHeight)
            divider = body.top + listHeight
            detail = Rect(top: divider + 1, left: 0, width: body.width, height: body.bottom - divider - 1)
            isSideBySide = false
        }
    }

    /// The body of a screen of this size: below the title, above the hint and status lines.
    static func body(for size: TerminalSize) -> Rect {
        Rect(top: 1, left: 0, width: size.width, height: size.height - 3)
    }
}
