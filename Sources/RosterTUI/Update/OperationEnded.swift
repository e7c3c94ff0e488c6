/// An operation is done, failed, or its PIN was refused: only the screen that sent it hears of
/// it as its own (it closes, may send again, or shows the refusal).
func operationEnded(_ model: inout Model, _ action: Action) -> [Effect] {
    switch action {
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
        if model.mode.sent == effect {
            // A try typed while this one was checked may go now.
            let effects = updateShownScreen(&model, action)
            model.pendingOperations += effects.filter(\.isOperation).count
            return effects
        }
        model.status = StatusMessage(refusal.message, isError: true)
        return []
    case .kioskLeft:
        model.pendingOperations = max(0, model.pendingOperations - 1)
        return [.quit]
    default:
        return []
    }
}
