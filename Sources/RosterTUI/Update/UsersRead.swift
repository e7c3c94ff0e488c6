/// The users as read (whole, or a window of a long list), a change to them, a user to select,
/// find as you type's matches, or a read that failed.
func usersRead(_ model: inout Model, _ action: Action) -> [Effect] {
    switch action {
    case .usersLoaded(let rows, let revision):
        if let revision {
            guard revision >= model.list.usersRevision else { return [] }
            model.list.usersRevision = revision
        }
        usersLoaded(&model, rows)
        return updateShownScreen(&model, action)
    case .usersChangedElsewhere(let rows, let revision):
        if let revision, revision < model.list.usersRevision { return [] }
        // Against a window, a user not held before may not be new: only those held are told of.
        let held = model.list.window == nil ? model.list.users : model.list.users + [model.list.currentUser].compactMap { $0 }
        let notice = ChangesElsewhere.notice(from: held, to: rows, partial: model.list.window != nil)
        let effects = usersRead(&model, .usersLoaded(rows, revision: revision))
        if let notice { model.status = StatusMessage(notice) }
        return effects
    case .selectUser(let id):
        model.list.select(id: id)
        return []
    case .listChanged(let revision, let elsewhere):
        guard revision > model.list.usersRevision else { return [] }
        model.list.following.stale = true
        model.list.following.elsewhere = model.list.following.elsewhere || elsewhere
        model.list.following.halted = false
        return []
    case .windowLoaded(let read, let effect):
        return windowLoaded(&model, read, for: effect)
    case .matchesFound(let positions, let effect):
        matchesFound(&model, positions, for: effect)
        return []
    case .loadFailed(let message, let effect):
        if let effect, case .readWindow(let read) = effect, model.list.following.pending == read {
            model.list.following.pending = nil
            model.list.following.halted = true
        }
        model.status = StatusMessage("cannot read this device's users: \(message)", isError: true)
        return []
    default:
        return []
    }
}

/// Every user read again: the selection stays on the same user while that user is shown.
private func usersLoaded(_ model: inout Model, _ rows: [UserRow]) {
    let selectedId = model.list.selectedUser?.id
    model.list.setUsers(rows)
    if let selectedId, let index = model.list.visibleUsers.firstIndex(where: { $0.id == selectedId }) {
        model.list.selection = index
    }
    model.list.clampSelection()
    if let arriving = model.list.detail.customDataArriving, model.list.user(id: arriving.userId)?.customData == arriving.data {
        model.list.detail.customDataChanged = arriving
        model.list.detail.customDataArriving = nil
    }
}
