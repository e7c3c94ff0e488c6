import Foundation
import Logging
import RosterWire

/// Log-ins and links approved on another device (RFC 8628): started here, polled until the
/// person approves, then kept exactly as `LoginFlow` keeps a log-in or a link typed here.
struct DeviceLoginFlow: SessionCollaborator {
    let environment: SessionEnvironment
    let tokens: TokenRefresher
    let loginFlow: LoginFlow

    /// Starts a log-in to approve on another device: POST `auth/device/start` with the terminal's
    /// name. A PIN given now is checked against the rule here, before anyone approves anything;
    /// without one, the poll that finds the log-in approved asks for it (BEHAVIOURS 44).
    func start(terminal: String?, secret: String?) async throws -> DeviceLogin {
        if let secret, let problem = PINRule.problem(with: secret) { throw RosterError.invalidRequest(problem) }
        let body = try WireCoding.encode(DeviceLoginRoute.StartRequest(client: "roster", terminal: terminal))
        let response = try await connection.expectSuccess(.json(.post, DeviceLoginRoute.start(appId: appId), body: body))
        return try deviceLogin(from: response, linking: nil)
    }

    /// Starts a link to approve on another device: the start carries the user's access token, so
    /// the identity signed in with there is linked to this user (BEHAVIOURS 36).
    func startLink(_ user: User, terminal: String?) async throws -> DeviceLogin {
        let body = try WireCoding.encode(DeviceLoginRoute.StartRequest(client: "roster", terminal: terminal))
        let path = DeviceLoginRoute.start(appId: appId)
        let response = try await tokens.authorized(user) { token in .json(.post, path, body: body, bearer: token) }
        guard response.isSuccess else { throw ServerConnection.error(from: response) }
        return try deviceLogin(from: response, linking: user.id)
    }

    /// Asks the server once how the device log-in stands. Approved, the session is stored exactly
    /// as a log-in typed here (sealed as the policy says, the user made current) or, for a link,
    /// the user's new token and identity are kept. `handle` gives the one handle of a stored row.
    func poll(_ login: DeviceLogin, secret: String?, handle: (StoredUser) -> User) async throws -> DeviceLoginState {
        // The device's id, as a log-in typed here sends it: the session approved on the phone is
        // stored with the same device id as everyone else on this terminal.
        let known = login.linkingUserId == nil ? (try? store.knownDeviceId()) : nil
        let body = try WireCoding.encode(DeviceLoginRoute.PollRequest(deviceCode: login.deviceCode, deviceId: known))
        let response = try await connection.send(.json(.post, DeviceLoginRoute.poll(appId: appId), body: body))
        guard response.isSuccess else { return try Self.pollState(of: response, interval: login.interval) }
        let approved = try ServerConnection.decode(DeviceLoginRoute.ApprovedProvider.self, from: response, what: "device log-in")
        guard let provider = ProviderType(rawValue: approved.providerType) else {
            throw RosterError.malformedResponse("the device log-in names a provider Roster does not know: \(approved.providerType)")
        }
        if let userId = login.linkingUserId {
            guard let row = try store.user(id: userId) else { throw RosterError.userRemoved(userId) }
            let user = handle(row)
            let linked = try ServerConnection.decode(LinkResponse.self, from: response, what: "device link")
            try await loginFlow.saveLink(linked, to: user)
            logger.debug("linked on another device", metadata: ["user": "\(user.id)", "provider": "\(provider.rawValue)"])
            return .approved(user)
        }
        let answer = try ServerConnection.decode(LoginResponse.self, from: response, what: "device log-in")
        let policy = try store.policy().switching
        // Nothing signed in on the phone is a password typed here: `password` asks for a PIN too.
        guard policy == .open || secret != nil else {
            let returning = try returningRow(answer.userId)
            return .pinNeeded(DeviceApproval(userId: answer.userId, returningName: returning?.displayName, answer: answer, provider: provider))
        }
        do {
            try await checkReturningPIN(of: answer.userId, secret: secret, handle: handle)
        } catch {
            _ = await loginFlow.revocations.revoke(refreshToken: answer.refreshToken)
            throw error
        }
        return .approved(handle(try await loginFlow.saveLogin(answer, policy: policy, credentials: nil, provider: provider, secret: secret)))
    }

    /// Keeps a log-in approved without its PIN: a returning user's own PIN (a wrong one counted
    /// as an unlock's, the approval kept for another try), or the PIN a new user chooses.
    func finish(_ approval: DeviceApproval, secret: String, handle: (StoredUser) -> User) async throws -> StoredUser {
        if let problem = PINRule.problem(with: secret) { throw RosterError.invalidRequest(problem) }
        try await checkReturningPIN(of: approval.userId, secret: secret, handle: handle)
        let policy = try store.policy().switching
        return try await loginFlow.saveLogin(approval.answer, policy: policy, credentials: nil, provider: approval.provider, secret: secret)
    }

    /// Ends an approved log-in nobody gave the PIN for: its session is revoked on the server.
    func cancel(_ approval: DeviceApproval) async {
        _ = await loginFlow.revocations.revoke(refreshToken: approval.answer.refreshToken)
    }

    /// A person approved on the phone who is logged in here already with a PIN keeps that PIN:
    /// the PIN given must be theirs, checked (and counted, if wrong) as an unlock is, and never
    /// replaces it.
    private func checkReturningPIN(of userId: String, secret: String?, handle: (StoredUser) -> User) async throws {
        guard let row = try returningRow(userId) else { return }
        guard let secret else { throw RosterError.locked(user: row.displayName, secret: .pin) }
        try await loginFlow.keys.unlock(handle(row), secret: secret)
    }

    /// The user's row when they are logged in here with a PIN.
    private func returningRow(_ userId: String) throws -> StoredUser? {
        guard let row = try store.user(id: userId), row.state == .loggedIn, let kind = row.sealed?.kind, kind == .pin || kind == .serverPIN
        else { return nil }
        return row
    }

    private func deviceLogin(from response: WireResponse, linking: String?) throws -> DeviceLogin {
        let start = try ServerConnection.decode(DeviceLoginRoute.StartResponse.self, from: response, what: "device log-in start")
        guard !start.deviceCode.isEmpty, !start.userCode.isEmpty, !start.verificationUri.isEmpty, start.expiresIn > 0 else {
            throw RosterError.malformedResponse("the device log-in start lacks its codes, URL or expiry")
        }
        return DeviceLogin(
            userCode: start.userCode, verificationURI: start.verificationUri,
            verificationURIComplete: start.verificationUriComplete ?? start.verificationUri,
            expiresAt: clock.now().addingTimeInterval(TimeInterval(start.expiresIn)),
            // RFC 8628 §3.2: 5 seconds when the server does not say.
            interval: TimeInterval(max(1, start.interval ?? 5)), linkingUserId: linking, deviceCode: start.deviceCode)
    }

    /// The state a refused poll names (RFC 8628 §3.5); any other refusal is an error.
    static func pollState(of response: WireResponse, interval: TimeInterval) throws -> DeviceLoginState {
        guard response.status == 400, let refusal = try? WireCoding.decode(DeviceLoginRoute.PollRefusal.self, from: response.body) else {
            throw ServerConnection.error(from: response)
        }
        switch refusal.errorCode ?? refusal.error {
        case "AuthorizationPending", "authorization_pending": return .pending
        case "SlowDown", "slow_down": return .slowDown(interval: refusal.interval.map(TimeInterval.init) ?? interval + 5)
        case "ExpiredToken", "expired_token": return .expired
        case "AccessDenied", "access_denied": return .denied
        default: throw ServerConnection.error(from: response)
        }
    }
}
