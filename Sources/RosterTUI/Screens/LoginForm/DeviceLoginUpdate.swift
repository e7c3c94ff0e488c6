extension LoginForm {
    /// A log-in on another device moves on: started, it shows the codes and polls; still pending,
    /// it polls again at the server's interval; approved, the form closes, or under a policy that
    /// seals sessions with a PIN it asks for the PIN; denied, expired or failed, the form stays for
    /// Enter to start again. Only the form that sent the effect listens: after Esc, or for another
    /// log-in, a result changes nothing, but an approval waiting for its PIN is ended.
    mutating func deviceLogin(_ progress: DeviceLoginProgress, for effect: Effect, _ model: inout Model) -> [Effect] {
        guard sent == effect else { return DeviceLoginProgress.unheard(progress) }
        return deviceLoginProgress(&model, &self, progress, for: effect)
    }
}

private func deviceLoginProgress(_ model: inout Model, _ form: inout LoginForm, _ progress: DeviceLoginProgress, for effect: Effect) -> [Effect] {
    switch progress {
    case .started(let login):
        form.device = login
        let poll = Effect.loginForm(.pollDeviceLogin(login))
        form.sent = poll
        model.status = StatusMessage("Waiting for approval on another device")
        return [poll]
    case .pending:
        return [effect]
    case .slowDown(let interval):
        guard var login = form.device else { return [] }
        login.interval = interval
        form.device = login
        let poll = Effect.loginForm(.pollDeviceLogin(login))
        form.sent = poll
        return [poll]
    case .pinNeeded(let approval):
        // Signed in on the other device: only now is there someone to ask for a PIN.
        form.device = nil
        form.sent = nil
        form.approval = approval
        form.pin = ""
        form.pinAgain = ""
        form.errors = [:]
        form.focus = .pin
        form.cursor = 0
        model.status = StatusMessage(
            approval.returningName.map { "Approved as \($0): type their PIN on this terminal" }
                ?? "Approved: choose a PIN for this terminal")
    case .approved(let userId, let message):
        model.mode = .list
        model.status = StatusMessage(message)
        model.list.select(id: userId)
        return [.reload]
    case .denied:
        stop(&form, &model, "The log-in was denied on the other device; Enter asks for a new code")
    case .expired:
        stop(&form, &model, "The code expired before anyone approved it; Enter asks for a new one")
    case .failed(let words):
        stop(&form, &model, words)
    }
    return []
}

extension DeviceLoginProgress {
    /// What a result for a form gone since still asks: an approval nobody will give the PIN for
    /// is ended, so its session does not live on the server unused.
    static func unheard(_ progress: DeviceLoginProgress) -> [Effect] {
        guard case .pinNeeded(let approval) = progress else { return [] }
        return [.loginForm(.cancelDeviceLogin(approval))]
    }
}

private func stop(_ form: inout LoginForm, _ model: inout Model, _ words: String) {
    form.device = nil
    form.sent = nil
    model.status = StatusMessage(words, isError: true)
}
