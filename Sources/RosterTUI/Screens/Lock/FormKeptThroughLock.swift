/// A form that was being typed into when the idle lock came (BEHAVIOURS 47): kept, with every
/// secret in it (password, PIN, API key, token) emptied, and shown again when the same user
/// unlocks, so a lock costs a person only the secrets they typed. Someone who chooses another
/// user (`s`) never sees it.
public struct FormKeptThroughLock: Sendable, Equatable {
    public let mode: Mode
    /// The active user when the lock came: only their unlock brings the form back.
    public let userId: String

    /// The form on show, its secrets emptied; nil for a screen that is not a form being typed
    /// into, or one whose request is on its way (its answer comes to the list).
    init?(_ mode: Mode, activeUserId: String) {
        guard mode.sent == nil else { return nil }
        switch mode {
        case .loginForm(var form):
            guard form.device == nil else { return nil }
            form.emptySecrets()
            self.mode = .loginForm(form)
        case .account(var form):
            form.emptySecrets()
            self.mode = .account(form)
        case .dataEditor: self.mode = mode
        default: return nil
        }
        userId = activeUserId
    }
}

extension EditableForm where Field: CaseIterable {
    /// Every secret field empty, shown or not, and none revealed; errors about them go too.
    mutating func emptySecrets() {
        for field in Field.allCases where secret(field) != nil {
            setValue("", of: field)
            editing.errors[field] = nil
        }
        editing.revealed = nil
    }
}

extension Model {
    /// The form the lock set aside, back on screen when `userId` is still the active user; the
    /// kept form is dropped either way.
    mutating func resumeFormKeptThroughLock() {
        guard let kept = keptThroughLock else { return }
        keptThroughLock = nil
        guard case .list = mode, list.currentUser?.id == kept.userId else { return }
        mode = kept.mode
        status = StatusMessage("Back to what you were typing; type its secrets again")
    }
}
