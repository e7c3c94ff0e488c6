import RosterCore

/// How the model keeps the window of a long list (`ListWindow`) around what it shows: after
/// every action, a read is asked for when the filter or order changed, the device changed, a
/// user is wanted, or the selection came near an end of the rows held; one at a time.
func followWindow(_ model: inout Model) -> [Effect] {
    guard model.following.pending == nil, !model.following.halted else { return [] }
    let half = model.windowSize / 2
    let around: UserWindowAnchor = model.selectedUser.map { .user($0.id, otherwise: model.selection - half) } ?? .offset(model.selection - half)
    let anchor: UserWindowAnchor
    if let wanted = model.following.wantedUser {
        anchor = .user(wanted, otherwise: model.selection - half)
    } else if let window = model.window {
        if model.listQuery != window.query {
            anchor = model.selectedUser.map { .user($0.id, otherwise: 0) } ?? .offset(0)
        } else if model.following.stale {
            anchor = around
        } else if needsRows(model, window) {
            anchor = .offset(model.selection - half)
        } else {
            return []
        }
    } else if model.following.stale {
        // A whole list that grew past a window is held as one from now on.
        anchor = around
    } else {
        return []
    }
    let read = WindowRead(query: model.listQuery, anchor: anchor, limit: model.windowSize, elsewhere: model.following.stale && model.following.elsewhere)
    model.following.stale = false
    model.following.elsewhere = false
    model.following.pending = read
    return [.readWindow(read)]
}

/// Whether the selection is off the rows held, or within a margin of an end with more past it.
private func needsRows(_ model: Model, _ window: ListWindow) -> Bool {
    let held = window.offset..<window.offset + model.users.count
    let selection = model.selection
    let margin = ListWindow.margin(size: model.windowSize)
    if window.count > 0, !held.contains(selection) { return true }
    if held.lowerBound > 0, selection - held.lowerBound < margin { return true }
    return held.upperBound < window.count && held.upperBound - selection <= margin
}

/// A window as read: the rows held and where they sit, the selection on the user the read was
/// around (or where it was), what another process changed among the rows held, and the
/// matches of find as you type looked for again in a changed list.
func windowLoaded(_ model: inout Model, _ read: WindowRows, for effect: Effect) -> [Effect] {
    guard case .readWindow(let asked) = effect else { return [] }
    if model.following.pending == asked { model.following.pending = nil }
    // Rows of a list no longer shown, or older than those held, are not shown: the next read is.
    guard asked.query == model.listQuery, read.revision >= model.usersRevision else { return [] }
    let changed = read.revision > model.usersRevision || model.window == nil
    let before = model.users + [model.currentUser].compactMap { $0 }
    model.usersRevision = read.revision
    model.window = read.window
    model.users = read.rows
    var anchorId: String? = nil
    if case .user(let id, _) = asked.anchor {
        anchorId = id
        if model.following.wantedUser == id { model.following.wantedUser = nil }
    }
    if let anchorId, let index = model.shownIndex(of: anchorId) { model.selection = index }
    // A user wanted meanwhile (the one just switched to) goes before the read's own.
    if let wanted = model.following.wantedUser, let index = model.shownIndex(of: wanted) {
        model.selection = index
        model.following.wantedUser = nil
    }
    clampSelection(&model)
    // Told once: a change elsewhere that came while this read was under way may be in it already.
    if asked.elsewhere || model.following.elsewhere {
        model.following.elsewhere = false
        let after = model.users + [model.currentUser].compactMap { $0 }
        if let notice = ChangesElsewhere.notice(from: before, to: after, partial: true) { model.status = StatusMessage(notice) }
    }
    var effects: [Effect] = []
    if changed, let find = model.find, !find.text.isEmpty {
        effects.append(.findMatches(MatchRead(query: model.listQuery, text: find.text, jumps: false)))
    }
    // The screen on show hears of the users read, as of a whole list (a dialog whose user is gone closes).
    return effects + updateShownScreen(&model, .usersLoaded(model.users, revision: read.revision))
}

/// Where find as you type's matches are, as the store found them: kept while they are for the
/// text and list still shown, and the selection on the first when the text was typed.
func matchesFound(_ model: inout Model, _ positions: [Int], for effect: Effect) {
    guard case .findMatches(let asked) = effect, var find = model.find, find.text == asked.text, asked.query == model.listQuery else { return }
    find.found(positions)
    model.find = find
    if asked.jumps, let first = find.match(from: 0, by: 1) { model.selection = first }
}
