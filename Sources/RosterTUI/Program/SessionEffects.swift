import Foundation
import RosterCore

/// Effects performed with the session core: log-ins, switches, log-outs, removals, custom
/// data, and the device's users read again after each change, whoever made it.
public struct SessionEffects: EffectRunner {
    public let app: App
    /// How often writes by other processes on the same device directory are looked for.
    public let watchInterval: TimeInterval

    /// This terminal's name on the approval page of a log-in on another device.
    public let terminalName: String?

    public init(app: App, watchInterval: TimeInterval = 0.25, terminalName: String? = SessionEffects.hostName) {
        self.app = app
        self.watchInterval = watchInterval
        self.terminalName = terminalName
    }

    /// The machine's host name, cut to the 64 characters the server takes.
    public static var hostName: String? {
        let name = String(ProcessInfo.processInfo.hostName.filter { $0.isASCII && !$0.isWhitespace && $0.asciiValue! >= 0x21 }.prefix(64))
        return name.isEmpty ? nil : name
    }

    /// The users as rows, read in one pass; throws when the store cannot be read.
    public func rows() throws -> [UserRow] {
        try app.userSnapshots().map(UserRow.init(snapshot:))
    }

    public func perform(_ effect: Effect) async -> [Action] {
        do {
            switch effect {
            case .reload:
                return [.usersLoaded(try rows()), .policyLoaded(try app.policy())]
            case .loadHistory:
                return [.historyLoaded(try app.history(limit: 200))]
            case .unlockAndSwitch(let id, let secret):
                let user = try existing(id)
                try await app.switchUser(to: user, secret: secret.value)
                return reloaded() + [.selectUser(id: user.id), .operationFinished("Switched to \(user.displayName)", for: effect)]
            case .unlock(let id, let secret):
                let user = try existing(id)
                try await user.unlock(secret: secret.value)
                return reloaded() + [.operationFinished("Unlocked; \(user.displayName) is active", for: effect)]
            case .idleLock(let action):
                switch action {
                case .lock:
                    let current = app.currentUser
                    current?.lock()
                    app.recordHistory(.locked, user: current)
                case .logoutToNobody:
                    try app.deactivate()
                }
                return reloaded()
            case .quit:
                return []
            case .loadProviders:
                return [.providersLoaded(try await app.enabledProviders())]
            case .login(let request):
                if request.register {
                    try await app.emailPasswordAuth.registerUser(email: request.email, password: request.secret)
                }
                guard let credentials = request.credentials else { throw RosterError.invalidRequest("no credentials to log in with") }
                let user = try await app.login(credentials: credentials, pin: request.pin)
                let registered = request.register ? "Registered and logged in" : "Logged in"
                return reloaded() + [.selectUser(id: user.id), .operationFinished("\(registered) \(user.displayName)", for: effect)]
            case .link(let id, let request):
                let user = try existing(id)
                if request.register {
                    try await app.emailPasswordAuth.registerUser(email: request.email, password: request.secret)
                }
                guard let credentials = request.credentials else { throw RosterError.invalidRequest("no credentials to link") }
                try await user.linkUser(credentials: credentials)
                return reloaded() + [.selectUser(id: user.id), .operationFinished("Linked \(request.provider.label) log-in to \(user.displayName)", for: effect)]
            case .startDeviceLogin(let linking, let pin):
                let login =
                    if let linking { try await existing(linking).startDeviceLink(terminal: terminalName) } else {
                        try await app.startDeviceLogin(terminal: terminalName, pin: pin?.value)
                    }
                return [.deviceLogin(.started(login), for: effect)]
            case .pollDeviceLogin(let login, let pin):
                try await Task.sleep(nanoseconds: UInt64(max(0, login.interval) * 1_000_000_000))
                switch try await app.pollDeviceLogin(login, pin: pin?.value) {
                case .pending: return [.deviceLogin(.pending, for: effect)]
                case .slowDown(let interval): return [.deviceLogin(.slowDown(interval: interval), for: effect)]
                case .denied: return [.deviceLogin(.denied, for: effect)]
                case .expired: return [.deviceLogin(.expired, for: effect)]
                case .approved(let user):
                    let message = login.linkingUserId == nil ? "Logged in \(user.displayName)" : "Linked a log-in to \(user.displayName)"
                    return reloaded() + [.deviceLogin(.approved(userId: user.id, message: message), for: effect)]
                }
            case .saveCustomData(let owner, let update):
                let user = try existing(owner)
                try await user.updateCustomData(update)
                return reloaded() + [.operationFinished("Saved the custom data of \(user.displayName)", for: effect)]
            case .account(let request):
                return [.operationFinished(try await perform(request), for: effect)]
            case .loadAPIKeys(let owner):
                let user = try existing(owner)
                let rows = try await keyRows(of: user)
                let counted = rows.count == 1 ? "1 API key" : "\(rows.count) API keys"
                return [.apiKeysLoaded(owner: owner, rows), .operationFinished("\(user.displayName) has \(counted)", for: effect)]
            case .createAPIKey(let owner, let name):
                let user = try existing(owner)
                let key = try await user.apiKeysAuth.create(name: name)
                guard let secret = key.key else { throw RosterError.malformedResponse("the server made the key but did not return it") }
                return [
                    .apiKeyCreated(owner: owner, CreatedKey(name: key.name, secret: secret)),
                    .apiKeysLoaded(owner: owner, try await keyRows(of: user)), .operationFinished("Made API key '\(key.name)'", for: effect),
                ]
            case .setAPIKeyEnabled(let owner, let keyId, let enabled):
                let user = try existing(owner)
                if enabled { try await user.apiKeysAuth.enable(id: keyId) } else { try await user.apiKeysAuth.disable(id: keyId) }
                let rows = try await keyRows(of: user)
                let name = rows.first { $0.id == keyId }?.name ?? keyId
                return [.apiKeysLoaded(owner: owner, rows), .operationFinished("\(enabled ? "Enabled" : "Disabled") API key '\(name)'", for: effect)]
            case .deleteAPIKey(let owner, let keyId):
                let user = try existing(owner)
                try await user.apiKeysAuth.delete(id: keyId)
                return [.apiKeysLoaded(owner: owner, try await keyRows(of: user)), .operationFinished("Deleted the API key", for: effect)]
            case .switchUser(let id):
                let user = try existing(id)
                try app.switchUser(to: user)
                return reloaded() + [.selectUser(id: user.id), .operationFinished("Switched to \(user.displayName)", for: effect)]
            case .logOut(let id):
                let user = try existing(id)
                let report = try await user.logOut()
                if let error = report.revocationError {
                    return [.operationFinished("Logged out \(user.displayName) here; the server was not told: \(error)", for: effect)]
                }
                return [.operationFinished("Logged out \(user.displayName)", for: effect)]
            case .remove(let id):
                let user = try existing(id)
                try await user.remove()
                return [.operationFinished("Removed \(user.displayName) from this device", for: effect)]
            case .delete(let id):
                let user = try existing(id)
                try await user.delete()
                return [.operationFinished("Deleted the account of \(user.displayName)", for: effect)]
            case .refreshCustomData(let id):
                let user = try existing(id)
                _ = try await user.refreshCustomData()
                return [.operationFinished("Custom data of \(user.displayName) refreshed", for: effect)]
            }
        } catch {
            let words = (error as? RosterError)?.description ?? String(describing: error)
            if effect == .reload { return [.loadFailed(words)] }
            // Without the server's word the form offers what most apps enable.
            if effect == .loadProviders { return [] }
            switch effect {
            case .startDeviceLogin, .pollDeviceLogin: return [.deviceLogin(.failed(words), for: effect)]
            default: break
            }
            // A failed operation may still have changed the device (a session the server ended
            // logs the user out), so the users are read again.
            return [.operationFailed(words, for: effect)] + reloaded()
        }
    }

    public func changes() -> AsyncStream<[Action]> {
        let effects = self
        return AsyncStream { continuation in
            let task = Task {
                for await change in effects.app.changes(watchingOtherProcessesEvery: effects.watchInterval) {
                    do {
                        let rows = try effects.rows()
                        // Only another process's writes are told as news; this one's own say so themselves.
                        let loaded: Action = change.event == .storeChanged ? .usersChangedElsewhere(rows) : .usersLoaded(rows)
                        continuation.yield([loaded, .policyLoaded(try effects.app.policy())])
                    } catch {
                        continuation.yield([.loadFailed((error as? RosterError)?.description ?? "\(error)")])
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The users read again, or nothing when the store cannot be read just now (the change
    /// stream reports that).
    private func reloaded() -> [Action] {
        (try? rows()).map { [.usersLoaded($0)] } ?? []
    }

    /// An account request sent; what happened, in words.
    private func perform(_ request: AccountRequest) async throws -> String {
        let auth = app.emailPasswordAuth
        switch request.task {
        case .sendReset:
            try await auth.sendResetPasswordEmail(email: request.email)
            return "If \(request.email) has an account, a reset message is on its way"
        case .resetPassword:
            try await auth.resetPassword(to: request.password, token: request.token, tokenId: request.tokenId)
            return "Password changed; log in with the new one"
        case .confirmEmail:
            try await auth.confirmUser(token: request.token, tokenId: request.tokenId)
            return "Email confirmed; it can log in now"
        case .resendConfirmation:
            try await auth.resendConfirmationEmail(email: request.email)
            return "Confirmation message sent again to \(request.email)"
        }
    }

    private func keyRows(of user: User) async throws -> [APIKeyRow] {
        try await user.apiKeysAuth.list().map { APIKeyRow(id: $0.id, name: $0.name, disabled: $0.disabled) }
    }

    private func existing(_ id: String) throws -> User {
        guard let user = app.user(id: id) else { throw RosterError.userNotFound(id) }
        return user
    }
}
