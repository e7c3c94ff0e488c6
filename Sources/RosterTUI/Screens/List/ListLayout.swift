/// Where the user list and the detail pane sit on the screen, worked out once for drawing them,
/// paging and scrolling, and finding what the mouse points at, so all of them agree on what
/// fits. Wide terminals put them side by side; narrow ones put the list above the detail pane,
/// collapsed to the selected user while the pane has the keys, so the pane gets the room.
///
///     let layout = ListLayout(size: model.size, userCount: model.list.shownCount)
///     layout.userIndex(atRow: 4, column: 2, selection: model.list.selection, count: 40)
struct ListLayout {
    let list: Rect
    let detail: Rect
    /// The rule between list and detail pane when one is above the other.
    let ruleRow: Int?
    /// The line between list and detail pane when they are side by side.
    let dividerColumn: Int?

    /// Everything between the title row and the two bottom rows (key hints and status).
    static func body(width: Int, height: Int) -> Rect {
        Rect(top: 1, left: 0, width: width, height: height - 3)
    }

    /// The layout of the users screen as `model` is now.
    init(_ model: Model) {
        self.init(size: model.size, userCount: model.list.shownCount, detailFocused: model.list.detail.isFocused)
    }

    init(size: TerminalSize, userCount: Int, detailFocused: Bool = false) {
        self.init(body: Self.body(width: size.width, height: size.height), userCount: userCount, detailFocused: detailFocused)
    }

    init(body: Rect, userCount: Int, detailFocused: Bool = false) {
        if body.width >= twoColumnWidth {
            let listWidth = min(44, body.width * 2 / 5)
            list = Rect(top: body.top, left: 0, width: listWidth, height: body.height)
            detail = Rect(top: body.top, left: listWidth + 2, width: body.width - listWidth - 2, height: body.height)
            dividerColumn = listWidth
            ruleRow = nil
        } else {
            let wanted = detailFocused ? 1 : max(1, userCount)
            let listHeight = min(wanted, max(1, (body.height - 1) / 2))
            list = Rect(top: body.top, left: 0, width: body.width, height: listHeight)
            let rule = body.top + listHeight
            detail = Rect(top: rule + 1, left: 0, width: body.width, height: body.bottom - rule - 1)
            ruleRow = rule
            dividerColumn = nil
        }
    }

    /// Users shown at once.
    var pageSize: Int { max(1, list.height) }

    /// The first user shown while `selection` is selected: the list scrolls a page at a time,
    /// the last page full, so moving within a page redraws only two rows.
    func firstShown(selection: Int, count: Int) -> Int {
        max(0, min(selection - selection % pageSize, count - pageSize))
    }

    /// The user drawn at a cell of the list, if any.
    func userIndex(atRow row: Int, column: Int, selection: Int, count: Int) -> Int? {
        guard list.contains(row: row, column: column) else { return nil }
        let index = firstShown(selection: selection, count: count) + row - list.top
        return index < count ? index : nil
    }
}

extension Rect {
    func contains(row: Int, column: Int) -> Bool {
        (top..<bottom).contains(row) && (left..<left + width).contains(column)
    }
}
