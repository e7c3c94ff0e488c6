import RosterCore

/// How the model keeps the window of a long list (`ListWindow`) around what it shows: after
/// every action, a read is asked for when the filter or order changed, the device changed, a
/// user is wanted, or the selection came near an end of the rows held; one at a time.
func followWindow(_ model: inout Model) -> [Effect] {
    guard model.list.following.pending == nil, !model.list.following.halted else { return [] }
    let half = model.list.windowSize / 2
    let around: UserWindowAnchor = model.list.selectedUser.map { .user($0.id, otherwise: model.list.selection - half) } ?? .offset(model.list.selection - half)
    let anchor: UserWindowAnchor
    if let wanted = model.list.following.wantedUser {
        anchor = .user(wanted, otherwise: model.list.selection - half)
    } else if let window = model.list.window {
        if model.list.query != window.query {
            anchor = model.list.selectedUser.map { .user($0.id, otherwise: 0) } ?? .offset(0)
        } else if model.list.following.stale {
            anchor = around
        } else if needsRows(model, window) {
            anchor = .offset(model.list.selection - half)
        } else {
            return []
        }
    } else if model.list.following.stale {
        // A whole list that grew past a window is held as one from now on.
        anchor = around
    } else {
        return []
    }
    let read = WindowRead(query: model.list.query, anchor: anchor, limit: model.list.windowSize, elsewhere: model.list.following.stale && model.list.following.elsewhere)
    model.list.following.stale = false
    model.list.following.elsewhere = false
    model.list.following.pending = read
    return [.readWindow(read)]
}

/// Whether the selection is off the rows held, or within a margin of an end with more past it.
private func needsRows(_ model: Model, _ window: ListWindow) -> Bool {
    let held = window.offset..<window.offset + model.list.users.count
    let selection = model.list.selection
    let margin = ListWindow.margin(size: model.list.windowSize)
    if window.count > 0, !held.contains(selection) { return true }
    if held.lowerBound > 0, selection - held.lowerBound < margin { return true }
    return held.upperBound < window.count && held.upperBound - selection <= margin
}

/// A window as read: the rows held and where they sit, the selection on the user the read was
/// around (or where it was), what another process changed among the rows held, and the
/// matches of find as you type looked for again in a changed list.
func windowLoaded(_ model: inout Model, _ read: WindowRows, for effect: Effect) -> [Effect] {
    guard case .readWindow(let asked) = effect else { return [] }
    if model.list.following.pending == asked { model.list.following.pending = nil }
    // Rows of a list no longer shown, or older than those held, are not shown: the next read is.
    guard asked.query == model.list.query, read.revision >= model.list.usersRevision else { return [] }
    let changed = read.revision > model.list.usersRevision || model.list.window == nil
    let before = model.list.users + [model.list.currentUser].compactMap { $0 }
    model.list.usersRevision = read.revision
    model.list.hold(read.window, rows: read.rows)
    var anchorId: String? = nil
    if case .user(let id, _) = asked.anchor {
        anchorId = id
        if model.list.following.wantedUser == id { model.list.following.wantedUser = nil }
    }
    if let anchorId, let index = model.list.shownIndex(of: anchorId) { model.list.selection = index }
    // A user wanted meanwhile (the one just switched to) goes before the read's own.
    if let wanted = model.list.following.wantedUser, let index = model.list.shownIndex(of: wanted) {
        model.list.selection = index
        model.list.following.wantedUser = nil
    }
    model.list.clampSelection()
    // Told once: a change elsewhere that came while this read was under way may be in it already.
    if asked.elsewhere || model.list.following.elsewhere {
        model.list.following.elsewhere = false
        let after = model.list.users + [model.list.currentUser].compactMap { $0 }
        if let notice = ChangesElsewhere.notice(from: before, to: after, partial: true) { model.status = StatusMessage(notice) }
    }
    var effects: [Effect] = []
    if changed, let find = model.list.find, !find.text.isEmpty {
        effects.append(.findMatches(MatchRead(query: model.list.query, text: find.text, jumps: false)))
    }
    // The screen on show hears of the users read, as of a whole list (a dialog whose user is gone closes).
    return effects + updateShownScreen(&model, .usersLoaded(model.list.users, revision: read.revision))
}

/// Where find as you type's matches are, as the store found them: kept while they are for the
/// text and list still shown, and the selection on the first when the text was typed.
func matchesFound(_ model: inout Model, _ positions: [Int], for effect: Effect) {
    guard case .findMatches(let asked) = effect, var find = model.list.find, find.text == asked.text, asked.query == model.list.query else { return }
    find.found(positions)
    model.list.find = find
    if asked.jumps, let first = find.match(from: 0, by: 1) { model.list.selection = first }
}
