import Foundation

/// Applies an action to the model and returns the effects to run. Pure: no clock, no store,
/// no terminal. What concerns every screen (the terminal's size, time, the users read, the end
/// of an operation) is handled here; a key, and a result meant for a screen, go to the screen
/// on show (`Screen`), which ignores what is not its own. Ctrl-C quits from every screen and
/// Ctrl-Z suspends, but in a kiosk no key leaves (`Kiosk.gate`). A long list's window then
/// follows what is shown (`followWindow`).
public func update(_ model: inout Model, _ action: Action) -> [Effect] {
    if case .key = action { model.following.halted = false }
    let effects = apply(&model, action)
    return effects + followWindow(&model)
}

private func apply(_ model: inout Model, _ action: Action) -> [Effect] {
    switch action {
    case .key(.terminate):
        return [.quit]
    case .key(.ctrlC):
        return Kiosk.gate(&model, [.quit])
    case .key(.ctrlZ) where !model.isKiosk:
        return [.suspend]
    case .key(.ctrlZ), .key(.ctrlBackslash):
        if model.isKiosk { model.status = StatusMessage(Kiosk.notice) }
        return []
    case .key(.resize(let width, let height)):
        model.size = TerminalSize(width: max(0, width), height: max(0, height))
        return []
    case .key(.paste(let text)):
        return paste(text, into: &model)
    case .key(.mouse(let event)):
        return mouseInput(&model, event)
    case .key(let key):
        model.lastInputAt = model.now
        let status = StatusLine.beforeKey(&model)
        defer { StatusLine.afterKey(&model, status) }
        if var help = model.help { return Kiosk.gate(&model, helpBoxKey(&model, &help, key)) }
        if openHelp(&model, key) { return [] }
        let effects = Kiosk.gate(&model, updateShownScreen(&model, action))
        model.pendingOperations += effects.filter(\.isOperation).count
        return effects
    case .usersLoaded(let rows, let revision):
        if let revision {
            guard revision >= model.usersRevision else { return [] }
            model.usersRevision = revision
        }
        usersLoaded(&model, rows)
        return updateShownScreen(&model, action)
    case .usersChangedElsewhere(let rows, let revision):
        if let revision, revision < model.usersRevision { return [] }
        // Against a window, a user not held before may not be new: only those held are told of.
        let held = model.window == nil ? model.users : model.users + [model.currentUser].compactMap { $0 }
        let notice = ChangesElsewhere.notice(from: held, to: rows, partial: model.window != nil)
        let effects = apply(&model, .usersLoaded(rows, revision: revision))
        if let notice { model.status = StatusMessage(notice) }
        return effects
    case .selectUser(let id):
        model.select(id: id)
        return []
    case .listChanged(let revision, let elsewhere):
        guard revision > model.usersRevision else { return [] }
        model.following.stale = true
        model.following.elsewhere = model.following.elsewhere || elsewhere
        model.following.halted = false
        return []
    case .windowLoaded(let read, let effect):
        return windowLoaded(&model, read, for: effect)
    case .matchesFound(let positions, let effect):
        matchesFound(&model, positions, for: effect)
        return []
    case .operationFinished(let message, let effect):
        model.pendingOperations = max(0, model.pendingOperations - 1)
        model.status = StatusMessage(message)
        // Only the screen that sent it closes; a form being typed into stays as it is.
        if model.mode.sent == effect { model.mode = model.mode.afterSuccess }
        if case .lock(.unlock) = effect {
            model.isIdleLocked = false
            model.resumeFormKeptThroughLock()
        }
        return [.reload]
    case .operationFailed(let message, let effect):
        model.pendingOperations = max(0, model.pendingOperations - 1)
        model.status = StatusMessage(message, isError: true)
        // The screen that sent it may send again, corrected.
        if model.mode.sent == effect { model.mode.sent = nil }
        return []
    case .secretRefused(let refusal, let effect):
        model.pendingOperations = max(0, model.pendingOperations - 1)
        // The box that sent it shows it in full; a box gone since leaves it on the status line.
        if model.mode.sent == effect { return updateShownScreen(&model, action) }
        model.status = StatusMessage(refusal.message, isError: true)
        return []
    case .kioskLeft:
        model.pendingOperations = max(0, model.pendingOperations - 1)
        return [.quit]
    case .providersLoaded(let types):
        let choices = types.flatMap(LoginForm.Provider.offered(for:))
        guard !choices.isEmpty else { return [] }
        model.providerChoices = choices
        return updateShownScreen(&model, action)
    case .loadFailed(let message, let effect):
        if let effect, case .readWindow(let read) = effect, model.following.pending == read {
            model.following.pending = nil
            model.following.halted = true
        }
        model.status = StatusMessage("cannot read this device's users: \(message)", isError: true)
        return []
    case .tick(let now):
        model.now = now
        StatusLine.tick(&model)
        if model.isBusy { model.spinnerFrame = (model.spinnerFrame + 1) % Spinner.frames.count }
        return idleLockIfDue(&model)
    case .policyLoaded(let policy):
        model.policy = policy
        return []
    case .deviceActivity(let activity):
        model.deviceActivity = activity
        return followLockMadeElsewhere(&model)
    case .idleLockLifted(let activity):
        model.deviceActivity = activity
        if model.isIdleLocked, case .list = model.mode {
            model.isIdleLocked = false
            model.status = StatusMessage("Someone is using Roster in another window; not locked")
            model.resumeFormKeptThroughLock()
        }
        return []
    case .customDataChanged(let userId, let data, let time):
        // Said once the users read again show it: never "changed just now" over the old value.
        model.detail.customDataArriving = DetailPane.CustomDataChange(userId: userId, at: time, data: data)
        return [.reload]
    case .apiKeysLoaded, .apiKeyCreated, .historyLoaded, .deviceLogin, .accountMessageRead:
        return updateShownScreen(&model, action)
    }
}

/// Every user read again: the selection stays on the same user while that user is shown.
private func usersLoaded(_ model: inout Model, _ rows: [UserRow]) {
    let selectedId = model.selectedUser?.id
    // Left only when it was held: each set filters the list again.
    if model.window != nil { model.window = nil }
    model.users = rows
    if let selectedId, let index = model.visibleUsers.firstIndex(where: { $0.id == selectedId }) {
        model.selection = index
    }
    clampSelection(&model)
    if let arriving = model.detail.customDataArriving, model.user(id: arriving.userId)?.customData == arriving.data {
        model.detail.customDataChanged = arriving
        model.detail.customDataArriving = nil
    }
}

/// One operation at a time from a form or screen: says so and does nothing.
func stillWorking(_ model: inout Model) -> [Effect] {
    model.status = StatusMessage("Still working; wait for the last operation", isError: true)
    return []
}
