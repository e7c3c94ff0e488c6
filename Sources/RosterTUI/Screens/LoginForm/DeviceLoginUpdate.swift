extension LoginForm {
    /// A log-in on another device moves on: started, it shows the codes and polls; still pending,
    /// it polls again at the server's interval; approved, the form closes; denied, expired or
    /// failed, the form stays for Enter to start again. Only the form that sent the effect listens:
    /// after Esc, or for another log-in, a result changes nothing.
    mutating func deviceLogin(_ progress: DeviceLoginProgress, for effect: Effect, _ model: inout Model) -> [Effect] {
        guard sent == effect else { return [] }
        return deviceLoginProgress(&model, &self, progress, for: effect)
    }
}

private func deviceLoginProgress(_ model: inout Model, _ form: inout LoginForm, _ progress: DeviceLoginProgress, for effect: Effect) -> [Effect] {
    let pin: Secret? =
        switch effect {
        case .loginForm(.startDeviceLogin(_, let pin)), .loginForm(.pollDeviceLogin(_, let pin)): pin
        default: nil
        }
    switch progress {
    case .started(let login):
        form.device = login
        let poll = Effect.loginForm(.pollDeviceLogin(login, pin: pin))
        form.sent = poll
        model.status = StatusMessage("Waiting for approval on another device")
        return [poll]
    case .pending:
        return [effect]
    case .slowDown(let interval):
        guard var login = form.device else { return [] }
        login.interval = interval
        form.device = login
        let poll = Effect.loginForm(.pollDeviceLogin(login, pin: pin))
        form.sent = poll
        return [poll]
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

private func stop(_ form: inout LoginForm, _ model: inout Model, _ words: String) {
    form.device = nil
    form.sent = nil
    model.status = StatusMessage(words, isError: true)
}
