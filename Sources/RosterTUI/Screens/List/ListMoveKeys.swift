import RosterWire

/// Moving on the list: ↑/↓ (`j`/`k`), `g`/`G`, find as you type (`f`), the filter (`/`, Esc
/// clears it), and `y`, which copies the selected person's id; nil for another key.
func listMoveKey(_ model: inout Model, _ key: Key) -> [Effect]? {
    switch key {
    case .up, .char("k"):
        model.list.moveSelection(by: -1)
        return []
    case .down, .char("j"):
        model.list.moveSelection(by: 1)
        return []
    case .char("y"):
        // lazygit's and k9s's key: the selected person's id, to paste into a script or a ticket.
        guard let user = model.list.selectedUser else {
            model.status = StatusMessage("Nobody to copy; press \(model.keys.key(.logIn)) to log in", isError: true)
            return []
        }
        model.status = StatusMessage("Copied the id of \(user.displayName) (\(user.id)) to the clipboard")
        return [.copy(user.id)]
    case .char("f"):
        guard model.list.shownCount > 0 else { return noUser(&model) }
        model.list.find = ListFind(startId: model.list.selectedUser?.id, startPosition: model.list.selection, in: model.list.visibleUsers)
        return []
    case .char("g"):
        model.list.selection = 0
        return []
    case .char("G"):
        model.list.selection = max(0, model.list.shownCount - 1)
        return []
    case .char("/"):
        model.list.isEditingFilter = true
        return []
    case .escape:
        model.list.setFilter("")
        model.list.clampSelection()
        return []
    default: return nil
    }
}
