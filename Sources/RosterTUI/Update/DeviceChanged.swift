/// The device's clock, policy and idle clock: time passes (the status line, the spinner, the idle
/// lock), and a lock made or lifted by another switcher is followed.
func deviceChanged(_ model: inout Model, _ action: Action) -> [Effect] {
    switch action {
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
    default:
        return []
    }
}
