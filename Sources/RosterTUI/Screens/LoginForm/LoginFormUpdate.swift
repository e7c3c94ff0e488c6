import RosterCore

extension LoginForm: Screen {
    var mode: Mode { .loginForm(self) }

    /// Keys, how a log-in on another device stands, and the providers the server enables.
    mutating func update(_ action: Action, _ model: inout Model) -> [Effect] {
        switch action {
        case .key(let key): return formKey(&model, &self, key)
        case .deviceLogin(let progress, let effect): return deviceLogin(progress, for: effect, &model)
        case .providersLoaded: offer(model.providerChoices)
        default: break
        }
        return []
    }

    mutating func paste(_ text: String, _ model: inout Model) { insert(text) }

    func helpTopic(_ model: Model, typing: Bool) -> HelpBox.Topic? {
        !isText(focus) || !typing ? .loginForm : nil
    }

    /// The providers the server enables, as this form offers them (no anonymous user to link):
    /// the one chosen stays when it is still offered.
    private mutating func offer(_ offered: [LoginForm.Provider]) {
        let numbered = LoginForm.Provider.withOtherDevice(offered)
        let all = linking == nil ? numbered : numbered.filter { $0 != .anonymous }
        guard !all.isEmpty else { return }
        choices = all
        numbering = numbered
        if !choices.contains(provider) {
            provider = choices[0]
            focus = .provider
            focusFirstToType()
        }
    }
}

/// Keys on the log-in form: Tab/Shift-Tab (or Up/Down) move between fields, Space changes the
/// provider or the register toggle, a text field edits as a `LineEditor` (control characters
/// dropped, length capped), Ctrl-R shows or hides the focused secret, Enter submits, Esc cancels.
private func formKey(_ model: inout Model, _ form: inout LoginForm, _ key: Key) -> [Effect] {
    // While a log-in on another device is on show only Esc means something: nothing here to type.
    if form.device != nil, key != .escape { return [] }
    switch key {
    case .escape:
        model.mode = .list
        model.status = StatusMessage(form.linking.map { "Linking to \($0.name) cancelled" } ?? "Log-in cancelled")
        // Approved on the other device but no PIN given: its session ends. Once the PIN is sent,
        // the log-in finishes or fails on its own.
        if let approval = form.approval, form.sent == nil { return [.loginForm(.cancelDeviceLogin(approval))] }
    case .tab, .down: form.moveFocus(by: 1)
    case .backTab, .up: form.moveFocus(by: -1)
    case .ctrlR: form.toggleReveal()
    case .left where form.focus == .provider: stepProvider(&form, by: -1)
    case .right where form.focus == .provider: stepProvider(&form, by: 1)
    case .enter:
        if form.sent != nil { return stillWorking(&model) }
        if let approval = form.approval { return sendPIN(&model, &form, for: approval) }
        switch form.validated() {
        case .success(let request):
            form.errors = [:]
            if request.provider == .otherDevice, let reason = model.deviceLoginUnavailable {
                model.status = StatusMessage(reason.prefix(1).uppercased() + reason.dropFirst(), isError: true)
                return []
            }
            if request.provider == .otherDevice {
                let effect = Effect.loginForm(.startDeviceLogin(linking: form.linking?.id))
                model.status = StatusMessage("Asking the server for a code…")
                form.sent = effect
                return [effect]
            }
            if let target = form.linking {
                model.status = StatusMessage("Linking \(request.provider.label) log-in to \(target.name)…")
                form.sent = .loginForm(.link(id: target.id, request))
                return [.loginForm(.link(id: target.id, request))]
            }
            model.status = StatusMessage(request.register ? "Registering \(request.email)…" : "Logging in…")
            form.sent = .loginForm(.login(request))
            return [.loginForm(.login(request))]
        case .failure(let refusal):
            form.refuse(refusal.errors)
            model.status = form.refusalMessage
        }
    // Off the text fields, where it cannot be typed, `!` shows the last message whole.
    case .char("!") where !form.isText(form.focus):
        model.openMessageBox()
    case .char(let character) where !form.isText(form.focus):
        typeCharacter(&form, character)
    default:
        _ = form.edit(key)
    }
    return []
}

/// The PIN for a log-in approved on another device: checked here for its form, then sent to
/// keep the log-in with it.
private func sendPIN(_ model: inout Model, _ form: inout LoginForm, for approval: DeviceApproval) -> [Effect] {
    switch form.validatedPIN() {
    case .success(let pin):
        form.errors = [:]
        model.status = StatusMessage(approval.isReturning ? "Checking the PIN…" : "Logging in…")
        let effect = Effect.loginForm(.finishDeviceLogin(approval, pin: pin))
        form.sent = effect
        return [effect]
    case .failure(let refusal):
        form.refuse(refusal.errors)
        model.status = form.refusalMessage
        return []
    }
}

private func typeCharacter(_ form: inout LoginForm, _ character: Character) {
    switch form.focus {
    case .provider:
        if character == " " {
            stepProvider(&form, by: 1)
        } else if let digit = character.wholeNumberValue, (1...min(9, form.numbering.count)).contains(digit),
            form.choices.contains(form.numbering[digit - 1])
        {
            form.provider = form.numbering[digit - 1]
        }
        form.errors = [:]
    case .register:
        if character == " " { form.register.toggle() }
    default: break
    }
}

/// The next (or previous) provider, round the end.
private func stepProvider(_ form: inout LoginForm, by step: Int) {
    let all = form.choices
    guard let index = all.firstIndex(of: form.provider) else { return }
    form.provider = all[(index + step + all.count) % all.count]
    form.errors = [:]
}
