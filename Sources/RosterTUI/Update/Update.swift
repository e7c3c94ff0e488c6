import Foundation

/// Applies an action to the model and returns the effects to run. Pure: no clock, no store,
/// no terminal. What concerns every screen (the terminal's size, time, the users read, the end
/// of an operation) is handled here; a key, and a result meant for a screen, go to the screen
/// on show (`Screen`), which ignores what is not its own. Ctrl-C quits from every screen and
/// Ctrl-Z suspends, but in a kiosk no key leaves (`Kiosk.gate`). A long list's window then
/// follows what is shown (`followWindow`).
public func update(_ model: inout Model, _ action: Action) -> [Effect] {
    if case .key = action { model.list.following.halted = false }
    let effects = apply(&model, action)
    return effects + followWindow(&model)
}

/// Each family of actions has its own function: keys, the users read, the end of an operation,
/// the device's clock and policy, and what the server says.
private func apply(_ model: inout Model, _ action: Action) -> [Effect] {
    switch action {
    case .key(let key):
        return keyPressed(&model, key)
    case .usersLoaded, .usersChangedElsewhere, .selectUser, .listChanged, .windowLoaded, .matchesFound, .loadFailed:
        return usersRead(&model, action)
    case .operationFinished, .operationFailed, .secretRefused, .kioskLeft:
        return operationEnded(&model, action)
    case .tick, .policyLoaded, .deviceActivity, .idleLockLifted:
        return deviceChanged(&model, action)
    case .providersLoaded, .customDataChanged, .apiKeysLoaded, .apiKeyCreated, .historyLoaded, .deviceLogin, .accountMessageRead:
        return serverSaid(&model, action)
    }
}

/// One operation at a time from a form or screen: says so and does nothing.
func stillWorking(_ model: inout Model) -> [Effect] {
    model.status = StatusMessage("Still working; wait for the last operation", isError: true)
    return []
}
