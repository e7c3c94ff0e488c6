import Foundation
import RosterWire

/// Device log-in (RFC 8628) for terminals: a start hands out a device code (kept only as its
/// digest) and a user code; the person approves on the `/device` page (`DeviceApprovalService`);
/// the terminal polls until the poll that finds it approved opens the session, in the same
/// transaction that uses the code up.
///
///     let started = try await device.start(app: app, caller: nil, DeviceStartRequest(), base: try PublicURL(parsing: "https://roster.example"), address: ip)
///     let answer = try await device.poll(app: app, DevicePollRequest(deviceCode: started.deviceCode), address: ip)
public struct DeviceLoginService: Sendable {
    package let store: any DeviceAuthorizationStore & UserStore & SessionStore
    package let login: LoginService
    package let audit: AuditTrail
    package let ids: IdentifierSource
    package let randomBytes: @Sendable (Int) -> [UInt8]
    package let now: @Sendable () -> Date

    /// RFC 8628 §3.5: each slow_down adds five seconds to the interval.
    package static let slowDownStep = 5
    package static let scope = "device-start"
    /// The person's page; `public` for the benchmarks' package, which requests it.
    public static let pagePath = "/device"

    package var sessions: SessionService { login.sessions }

    /// POST …/auth/device/start from `address`; `caller` is the bearer's session for a link.
    /// Limited per client address (`deviceLogin.startsPerAddressPerHour`).
    package func start(app: ServedApp, caller: AuthorizedSession?, _ request: DeviceStartRequest, base: PublicURL, address: String) async throws
        -> DeviceStartResponse
    {
        try request.validate()
        let config = app.config.deviceLogin
        let key = AttemptKey.client(scope: Self.scope, address: address)
        do {
            try await login.limiter.checkWait(app: app, keys: [key])
        } catch let wait as LimitWait {
            await audit.record(.requestLimited, appId: app.id, address: address, detail: "device/start")
            throw wait
        }
        try await login.limiter.countHourly(app: app, key: key, cap: config.startsPerAddressPerHour)
        let deviceCode = Self.base64URL(randomBytes(32))
        let started = Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down))
        var record = DeviceAuthorizationRecord(
            id: ids.objectId(), appId: app.id, codeDigest: SecretDigest.hex(of: deviceCode), userCode: "",
            client: request.client, terminal: request.terminal, startedAt: started,
            expiresAt: started.addingTimeInterval(TimeInterval(config.expiresInSeconds)), intervalSeconds: config.intervalSeconds,
            lastPollAt: nil, state: .pending, linkUserId: caller?.user.id, linkSessionId: caller?.session.id)
        // 20^8 codes: a clash with a live one is rare; another draw settles it.
        var inserted = false
        for _ in 0..<8 where !inserted {
            record.userCode = DeviceUserCode.random(randomBytes)
            inserted = try await store.insertDeviceAuthorization(record)
        }
        guard inserted else { throw ErrorResponse.internalError() }
        await audit.record(
            .deviceStarted, appId: app.id, userId: caller?.user.id, address: address,
            detail: [request.client, request.terminal].compactMap { $0 }.joined(separator: " on "))
        let page = base.text + Self.pagePath
        let shown = DeviceUserCode.shown(record.userCode)
        return DeviceStartResponse(
            deviceCode: deviceCode, userCode: shown, verificationUri: page, verificationUriComplete: "\(page)?code=\(shown)",
            expiresIn: config.expiresInSeconds, interval: config.intervalSeconds)
    }

    /// POST …/auth/device/poll: a `DeviceGrantError` (400) until approved, then the log-in
    /// answer (or the link answer) with `provider_type`, once.
    package func poll(app: ServedApp, _ request: DevicePollRequest, address: String) async throws -> DevicePollAnswer {
        let digest = SecretDigest.hex(of: request.deviceCode)
        let found = try await store.pollDeviceAuthorization(appId: app.id, codeDigest: digest, now: now(), slowDownStep: Self.slowDownStep)
        let record: DeviceAuthorizationRecord
        switch found {
        case .unknown: return Self.refusal(.invalidGrant)
        case .expired: return Self.refusal(.expiredToken)
        case .slowDown(let interval): return Self.refusal(.slowDown, interval: interval)
        case .pending: return Self.refusal(.authorizationPending)
        case .denied: return Self.refusal(.accessDenied)
        case .approved(let approved): record = approved
        }
        guard let userId = record.userId, let provider = record.provider else {
            return Self.refusal(.invalidGrant)
        }
        var answer: JSONValue
        if let linkUserId = record.linkUserId, let sessionId = record.linkSessionId {
            guard let session = try await store.session(id: sessionId), !session.revoked, session.userId == linkUserId,
                session.expiresAt > now()
            else { return Self.refusal(.invalidGrant) }
            let accessToken = try await sessions.accessToken(app: app, userId: linkUserId, sessionId: sessionId, deviceId: session.deviceId)
            guard try await store.redeemDeviceAuthorization(id: record.id, session: nil) else { return Self.refusal(.invalidGrant) }
            answer = try JSONValue(parsing: try WireCoding.encode(LinkResponse(accessToken: accessToken, userId: linkUserId, deviceId: session.deviceId)))
        } else {
            guard let user = try await store.user(appId: app.id, id: userId), !user.disabled else { return Self.refusal(.invalidGrant) }
            let (session, opened) = try await sessions.prepare(app: app, user: user, deviceId: request.deviceId)
            guard try await store.redeemDeviceAuthorization(id: record.id, session: session) else { return Self.refusal(.invalidGrant) }
            await audit.record(.loggedIn, appId: app.id, userId: user.id, provider: provider, address: address, detail: "device")
            answer = try JSONValue(parsing: try WireCoding.encode(opened))
        }
        guard case .object(var fields) = answer else { throw ErrorResponse.internalError() }
        fields["provider_type"] = .string(provider)
        answer = .object(fields)
        return .granted(answer)
    }

    package static func refusal(_ kind: DeviceGrantError.Kind, interval: Int? = nil) -> DevicePollAnswer {
        .refused(DeviceGrantError(kind, interval: interval))
    }

    /// Unpadded base64url text of `bytes`.
    package static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    package init(store: any DeviceAuthorizationStore & UserStore & SessionStore, login: LoginService, audit: AuditTrail, ids: IdentifierSource, randomBytes: @escaping @Sendable (Int) -> [UInt8], now: @escaping @Sendable () -> Date) {
        self.store = store
        self.login = login
        self.audit = audit
        self.ids = ids
        self.randomBytes = randomBytes
        self.now = now
    }
}
