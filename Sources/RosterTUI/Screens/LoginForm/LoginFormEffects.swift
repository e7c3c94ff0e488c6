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
        case .startDeviceLogin(let linking, let pin):
            return await deviceLogin(sent) { try await start(linking: linking, pin: pin, sent: sent) }
        case .pollDeviceLogin(let login, let pin):
            return await deviceLogin(sent) { try await poll(login, pin: pin, sent: sent) }
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

    private func start(linking: String?, pin: Secret?, sent: Effect) async throws -> [Action] {
        let login =
            if let linking { try await session.existing(linking).startDeviceLink(terminal: terminalName) } else {
                try await session.app.startDeviceLogin(terminal: terminalName, pin: pin?.value)
            }
        return [.deviceLogin(.started(login), for: sent)]
    }

    /// Waits the log-in's interval, then asks the server once how it stands.
    private func poll(_ login: DeviceLogin, pin: Secret?, sent: Effect) async throws -> [Action] {
        try await Task.sleep(nanoseconds: UInt64(max(0, login.interval) * 1_000_000_000))
        switch try await session.app.pollDeviceLogin(login, pin: pin?.value) {
        case .pending: return [.deviceLogin(.pending, for: sent)]
        case .slowDown(let interval): return [.deviceLogin(.slowDown(interval: interval), for: sent)]
        case .denied: return [.deviceLogin(.denied, for: sent)]
        case .expired: return [.deviceLogin(.expired, for: sent)]
        case .pinNeeded(let approval):
            // Asked without a PIN when the policy asked for none; it asks for one now.
            await session.app.cancelDeviceLogin(approval)
            return [.deviceLogin(.failed("This device's policy now asks for a PIN; Enter asks for a new code"), for: sent)]
        case .approved(let user):
            let message = login.linkingUserId == nil ? "Logged in \(user.displayName)" : "Linked a log-in to \(user.displayName)"
            return session.reloaded() + [.deviceLogin(.approved(userId: user.id, message: message), for: sent)]
        }
    }
}
