import Foundation
import RosterCore

/// The idle lock (BEHAVIOURS 47): after the policy's time without a key on the whole device
/// (this window's keys and the device's idle clock, BEHAVIOURS 52), the active user's details
/// are hidden and its key dropped (`lock`), or nobody is left active (kiosk); the session core
/// checks the device's clock again before it does either. An open form is set aside with its
/// secrets emptied (`FormKeptThroughLock`), back when the same user unlocks; under
/// `logoutToNobody` the next person starts afresh.
func idleLockIfDue(_ model: inout Model) -> [Effect] {
    let deviceActivity = model.deviceActivity.lastActivityAt
    guard let after = model.policy.lockAfter, !model.isIdleLocked, let current = model.list.currentUser,
        IdleRule.isDue(lockAfter: after, lastInput: model.lastInputAt, deviceActivity: deviceActivity, now: model.now)
    else { return [] }
    let idleSince = IdleRule.idleSince(lastInput: model.lastInputAt, deviceActivity: deviceActivity)
    if model.policy.onIdle == .lock { model.keptThroughLock = FormKeptThroughLock(model.mode, activeUserId: current.id) }
    model.mode = .list
    model.messageBox = nil
    model.list.isEditingFilter = false
    model.list.find = nil
    model.list.setFilter("")
    if model.policy.onIdle == .logoutToNobody {
        model.status = StatusMessage("Idle: nobody is active now; choose who is next")
        return [.lock(.idleLock(.logoutToNobody, idleSince: idleSince))]
    }
    model.isIdleLocked = true
    model.status = StatusMessage("Locked after \(Int(after / 60) > 0 ? "\(Int(after / 60)) min" : "\(Int(after)) s") without a key; \(current.displayName) is active")
    return [.lock(.idleLock(.lock, idleSince: idleSince))]
}

/// A lock another switcher made after this window's last key locks this one too, within the
/// second it takes to read the device's clock (BEHAVIOURS 52).
func followLockMadeElsewhere(_ model: inout Model) -> [Effect] {
    let activity = model.deviceActivity
    guard model.policy.onIdle == .lock, !model.isIdleLocked, let current = model.list.currentUser, activity.lockedUserId == current.id,
        IdleRule.followsLock(lockedAt: activity.lockedAt, lastInput: model.lastInputAt)
    else { return [] }
    model.keptThroughLock = FormKeptThroughLock(model.mode, activeUserId: current.id)
    model.mode = .list
    model.messageBox = nil
    model.list.isEditingFilter = false
    model.list.find = nil
    model.list.setFilter("")
    model.isIdleLocked = true
    model.status = StatusMessage("Locked in another window; \(current.displayName) is active")
    return [.lock(.followLock)]
}

/// The list under the idle lock: Enter asks for the active user's PIN, `s` shows the list to
/// switch user as usual (the active user's details stay hidden until unlocked), `q` quits.
struct IdleLockScreen: Screen {
    var mode: Mode { .list }

    mutating func update(_ action: Action, _ model: inout Model) -> [Effect] {
        guard case .key(let key) = action else { return [] }
        return idleLockedKey(&model, key)
    }

    func helpTopic(_ model: Model, typing: Bool) -> HelpBox.Topic? { .idleLock }
}

private func idleLockedKey(_ model: inout Model, _ key: Key) -> [Effect] {
    switch key {
    case .enter:
        guard let current = model.list.currentUser else {
            model.isIdleLocked = false
            return []
        }
        guard let kind = current.secretKind else {
            // Under `open` there is no secret: the lock only hid the screen.
            model.isIdleLocked = false
            model.status = nil
            model.resumeFormKeptThroughLock()
            return [.reload]
        }
        model.mode = .secretPrompt(SecretPrompt(purpose: .unlock, user: UserTarget(id: current.id, name: current.displayName), kind: kind))
        return []
    case .char("s"):
        model.isIdleLocked = false
        model.keptThroughLock = nil
        model.status = StatusMessage("Choose who is next; switching asks for their PIN")
        return []
    case .char("q"): return [.quit]
    default: return []
    }
}
