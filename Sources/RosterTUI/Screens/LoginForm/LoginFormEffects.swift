import Foundation
import RosterCore

/// Performs the log-in form's effects with the session core: log-ins and links (registering
/// first when asked), a log-in on another device, the providers the server enables.
struct LoginFormEffects {
    let session: SessionAccess
    /// This terminal's name on the approval page of a log-in on another device.
    let terminalName: String?

    func perform(_ effect: LoginFormEffect, sent: Effect) async throws -> [Action] {
        let app = session.app
        switch effect {
        case .login(let request):
            if request.register {
                try await app.emailPasswordAuth.registerUser(email: request.email, password: request.secret)
            }
            guard let credentials = request.credentials else { throw RosterError.invalidRequest("no credentials to log in with") }
            let user = try await app.login(credentials: credentials, pin: request.pin)
            let registered = request.register ? "Registered and logged in" : "Logged in"
            return session.reloaded() + [.selectUser(id: user.id), .operationFinished("\(registered) \(user.displayName)", for: sent)]
        case .link(let id, let request):
            let user = try session.existing(id)
            if request.register {
                try await app.emailPasswordAuth.registerUser(email: request.email, password: request.secret)
            }
            guard let credentials = request.credentials else { throw RosterError.invalidRequest("no credentials to link") }
            try await user.linkUser(credentials: credentials)
            return session.reloaded() + [
                .selectUser(id: user.id), .operationFinished("Linked \(request.provider.label) log-in to \(user.displayName)", for: sent),
            ]
        case .startDeviceLogin(let linking):
            return await deviceLogin(sent) { try await start(linking: linking, sent: sent) }
        case .pollDeviceLogin(let login):
            return await deviceLogin(sent) { try await poll(login, sent: sent) }
        case .finishDeviceLogin(let approval, let pin):
            // A wrong PIN fails as any operation does: the approval stays for another try.
            let user = try await app.finishDeviceLogin(approval, pin: pin.value)
            return session.reloaded() + [.selectUser(id: user.id), .operationFinished("Logged in \(user.displayName)", for: sent)]
        case .cancelDeviceLogin(let approval):
            await app.cancelDeviceLogin(approval)
            return []
        case .loadProviders:
            // Without the server's word the form offers what most apps enable.
            return (try? await [.providersLoaded(app.enabledProviders())]) ?? []
        }
    }

    /// A step of a log-in on another device; failing, it says so to the form that sent it.
    private func deviceLogin(_ sent: Effect, _ step: () async throws -> [Action]) async -> [Action] {
        do {
            return try await step()
        } catch {
            return [.deviceLogin(.failed(SessionEffects.words(error)), for: sent)]
        }
    }

    private func start(linking: String?, sent: Effect) async throws -> [Action] {
        let login =
            if let linking { try await session.existing(linking).startDeviceLink(terminal: terminalName) } else {
                try await session.app.startDeviceLogin(terminal: terminalName)
            }
        return [.deviceLogin(.started(login), for: sent)]
    }

    /// Waits the log-in's interval, then asks the server once how it stands.
    private func poll(_ login: DeviceLogin, sent: Effect) async throws -> [Action] {
        try await Task.sleep(nanoseconds: UInt64(max(0, login.interval) * 1_000_000_000))
        switch try await session.app.pollDeviceLogin(login) {
        case .pending: return [.deviceLogin(.pending, for: sent)]
        case .slowDown(let interval): return [.deviceLogin(.slowDown(interval: interval), for: sent)]
        case .denied: return [.deviceLogin(.denied, for: sent)]
        case .expired: return [.deviceLogin(.expired, for: sent)]
        case .pinNeeded(let approval): return [.deviceLogin(.pinNeeded(approval), for: sent)]
        case .approved(let user):
            let message = login.linkingUserId == nil ? "Logged in \(user.displayName)" : "Linked a log-in to \(user.displayName)"
            return session.reloaded() + [.deviceLogin(.approved(userId: user.id, message: message), for: sent)]
        }
    }
}
