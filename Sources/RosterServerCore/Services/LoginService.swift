import Foundation
import RosterWire

/// Logs users in: picks the app and provider, lets the provider check the credentials, finds or
/// makes the user, and opens a session.
package struct LoginService: Sendable {
    package let store: any UserStore & EmailAccountStore & APIKeyStore
    package let sessions: SessionService
    package let limiter: AttemptLimiter
    package let audit: AuditTrail
    package let ids: IdentifierSource
    package let apps: ServedApps
    package let now: @Sendable () -> Date
    /// Runs the app's JavaScript functions a log-in needs (the custom-function provider's).
    package var functions: FunctionCallService? = nil
    /// Runs the app's authentication triggers (`CREATE`, `LOGIN`).
    package var triggers: TriggerService? = nil

    /// The app with this id; AppNotFound otherwise.
    package func app(_ appId: String) throws(ErrorResponse) -> ServedApp {
        guard let app = apps[appId] else { throw .appNotFound(appId) }
        return app
    }

    /// An enabled provider of the app, by its wire name; AuthProviderNotFound otherwise.
    package func provider(_ name: String, of app: ServedApp) throws(ErrorResponse) -> ProviderType {
        guard let provider = ProviderType(rawValue: name), app.config.isEnabled(provider) else {
            throw .providerNotFound(name)
        }
        return provider
    }

    /// POST …/auth/providers/{provider}/login, from a client at `address`. Wrong credentials
    /// are counted, and an attempt that must wait is refused unchecked (`AttemptLimiter`).
    package func login(app: ServedApp, provider: ProviderType, _ request: LoginRequest, address: String) async throws -> LoginResponse {
        if provider == .anonymous { try await countAnonymousUser(app: app, address: address) }
        let outcome = try await checkedCredentials(app: app, provider: provider, request.credentials, address: address)
        return try await logIn(app: app, provider: provider, outcome: outcome, deviceId: request.deviceId, address: address)
    }

    /// Each anonymous log-in makes a user: one client address makes at most
    /// `anonymousUsersPerAddressPerHour` of them an hour, so nobody fills the store for free.
    private func countAnonymousUser(app: ServedApp, address: String) async throws {
        let key = AttemptKey.client(scope: "anonymous", address: address)
        do {
            try await limiter.checkWait(app: app, keys: [key])
            try await limiter.countHourly(app: app, key: key, cap: app.config.limits.anonymousUsersPerAddressPerHour)
        } catch let wait as LimitWait {
            await audit.record(.loginLimited, appId: app.id, provider: ProviderType.anonymous.rawValue, address: address, detail: nil)
            throw wait
        }
    }

    /// The credentials of a log-in from `address`, checked behind the limits: wrong ones are
    /// counted, and an attempt that must wait is refused unchecked (`AttemptLimiter`). What
    /// they prove.
    package func checkedCredentials(app: ServedApp, provider: ProviderType, _ credentials: LoginCredentials, address: String) async throws
        -> ProviderOutcome
    {
        let account = credentials.account
        let keys = AttemptLimiter.keys(provider: provider, account: account, address: address)
        let counted: [AttemptKey]
        let check: AccountChecks.Check
        do {
            check = try limiter.checks.start(app: app.id, keys: keys)
            do {
                counted = try await limiter.checkWait(app: app, keys: keys)
            } catch {
                check.end()
                throw error
            }
        } catch let wait as LimitWait {
            await audit.record(.loginLimited, appId: app.id, provider: provider.rawValue, address: address, detail: account)
            throw await Self.held(wait, upTo: app.config.limits.limitedLoginHoldMilliseconds)
        }
        defer { check.end() }
        let outcome: ProviderOutcome
        do {
            outcome = try await authenticate(app: app, provider: provider, credentials, for: .address(ClientNetwork.of(address)))
        } catch let limit as FunctionLimitReached {
            await audit.record(.loginLimited, appId: app.id, provider: provider.rawValue, address: address, detail: account)
            throw limit
        } catch {
            if AttemptLimiter.isWrongCredential(error) {
                try await limiter.failed(app: app, keys: keys)
                await audit.record(.loginFailed, appId: app.id, provider: provider.rawValue, address: address, detail: account)
            }
            throw error
        }
        try await limiter.succeeded(app: app, counted: counted)
        return outcome
    }

    /// Logs in the user whose credentials `provider` checked (made on first use), opening a
    /// session: the end of every log-in, whether its credentials came in a request body or
    /// through a browser sign-in (`WebSignInService`).
    package func logIn(app: ServedApp, provider: ProviderType, outcome: ProviderOutcome, deviceId: String?, address: String) async throws
        -> LoginResponse
    {
        let user = try await user(app: app, provider: provider, outcome: outcome)
        let opened = try await sessions.open(app: app, user: user, deviceId: deviceId)
        await audit.record(.loggedIn, appId: app.id, userId: user.id, provider: provider.rawValue, address: address)
        await triggers?.authentication(.login, app: app, providers: [provider], user: user)
        return opened
    }

    /// The user whose credentials `provider` checked, made on first use with the provider's
    /// profile (merged into theirs after); UserDisabled for a disabled one. No session is opened.
    package func user(app: ServedApp, provider: ProviderType, outcome: ProviderOutcome) async throws -> UserRecord {
        let user: UserRecord
        switch outcome {
        case .user(let id):
            guard let owner = try await store.user(appId: app.id, id: id) else { throw ErrorResponse.authError("invalid API key") }
            user = owner
        case .identity(let providerId, let profile):
            user = try await self.user(app: app, provider: provider, providerId: providerId, profile: profile)
        }
        guard !user.disabled else { throw ErrorResponse.userDisabled() }
        return user
    }

    /// The user a provider's identity logs in as: found, or made with the provider's profile,
    /// which is stored over the user's.
    package func user(app: ServedApp, provider: ProviderType, providerId: String, profile: JSONObject) async throws -> UserRecord {
        let profile = try ProfileText.checked(profile)
        let created = Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down))
        let candidate = UserRecord(
            id: ids.objectId(), appId: app.id, disabled: false, createdAt: created, profile: JSONValue.object(profile).compactText)
        let identity = IdentityRecord(
            appId: app.id, providerType: provider.rawValue, providerId: providerId, userId: candidate.id, createdAt: created)
        let found = try await store.findOrCreateUser(identity: identity, newUser: candidate)
        if found.id == candidate.id { await triggers?.authentication(.create, app: app, providers: [provider], user: found, identities: [identity]) }
        if found.id == candidate.id { await runUserCreationFunction(app: app, user: found, identity: identity) }
        return try await merge(profile, into: found)
    }

    /// A refusal answered after the hold, or once its wait is over if that is sooner, so that a
    /// guesser that asks again at once cannot keep the cores busy with refusals. Its
    /// `Retry-After` counts from the answer.
    package static func held(_ wait: LimitWait, upTo milliseconds: Int) async -> LimitWait {
        let hold = hold(for: wait, upTo: milliseconds)
        try? await Task.sleep(for: .milliseconds(hold.milliseconds))
        return hold.answer
    }

    /// How long `held` holds a refusal, and what it answers then.
    package static func hold(for wait: LimitWait, upTo milliseconds: Int) -> (milliseconds: Int, answer: LimitWait) {
        let hold = min(milliseconds, wait.seconds * 1000)
        return (hold, LimitWait(seconds: max(1, wait.seconds - hold / 1000)))
    }

    /// POST …/login?link=true: adds the credentials' identity to the caller (Bearer access) and
    /// answers as a log-in does, with a fresh access token for the caller's session, the caller's
    /// id and the session's device id (and no refresh token: the session stays the same).
    package func link(caller: AuthorizedSession, provider: ProviderType, _ request: LoginRequest) async throws -> LinkResponse {
        guard provider != .anonymous else { throw ErrorResponse.badRequest("anonymous credentials cannot be linked to a user") }
        let outcome = try await authenticate(app: caller.app, provider: provider, request.credentials, for: .user(caller.user.id))
        return try await link(caller: caller, provider: provider, outcome: outcome)
    }

    /// Adds the identity `provider` checked to the caller: the end of every link, whether its
    /// credentials came in a request body or through a browser sign-in.
    package func link(caller: AuthorizedSession, provider: ProviderType, outcome: ProviderOutcome) async throws -> LinkResponse {
        guard case .identity(let providerId, let profile) = outcome
        else { throw ErrorResponse.badRequest("API keys cannot be linked: they already belong to a user") }
        try await addIdentity(app: caller.app, to: caller.user, provider: provider, providerId: providerId, profile: profile)
        return LinkResponse(
            accessToken: try await sessions.accessToken(
                app: caller.app, userId: caller.user.id, sessionId: caller.session.id, deviceId: caller.session.deviceId),
            userId: caller.user.id, deviceId: caller.session.deviceId)
    }

    /// Adds a provider's identity to `user` (a link), with the provider's profile stored over the
    /// user's; AuthError when the identity is another user's.
    package func addIdentity(app: ServedApp, to user: UserRecord, provider: ProviderType, providerId: String, profile: JSONObject)
        async throws
    {
        let profile = try ProfileText.checked(profile)
        if let existing = try await store.identity(appId: app.id, providerType: provider.rawValue, providerId: providerId) {
            guard existing.userId == user.id else {
                throw ErrorResponse.authError("these credentials already belong to another user")
            }
        } else {
            let identity = IdentityRecord(
                appId: app.id, providerType: provider.rawValue, providerId: providerId, userId: user.id,
                createdAt: Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down)))
            guard try await store.addIdentity(identity) else {
                throw ErrorResponse.authError("these credentials already belong to another user")
            }
        }
        _ = try await merge(profile, into: user)
    }

    /// Stores the provider's profile fields over the user's.
    private func merge(_ profile: JSONObject, into user: UserRecord) async throws -> UserRecord {
        guard !profile.isEmpty else { return user }
        var merged = (try? JSONValue(parsing: user.profile))?.objectValue ?? [:]
        merged.merge(profile) { _, new in new }
        let text = JSONValue.object(merged).compactText
        guard text != user.profile else { return user }
        try await store.updateProfile(appId: user.appId, userId: user.id, profile: text)
        var updated = user
        updated.profile = text
        return updated
    }

    /// Checks the credentials; a custom function's command is counted for `caller`.
    private func authenticate(app: ServedApp, provider: ProviderType, _ credentials: LoginCredentials, for caller: FunctionCaller) async throws
        -> ProviderOutcome
    {
        switch credentials {
        case .anonymous:
            return AnonymousProvider(ids: ids).authenticate()
        case .emailPassword(let login):
            return try await EmailPasswordProvider(store: store).authenticate(login, app: app)
        case .apiKey(let login):
            return try await APIKeyProvider(store: store).authenticate(login, app: app)
        case .customToken(let login):
            guard let verifier = app.customTokens else { throw ErrorResponse.providerNotFound(provider.rawValue) }
            let (subject, profile) = try await verifier.verify(login.token, now: now())
            return .identity(providerId: subject, profile: profile)
        case .customFunction(let body):
            guard let config = app.config.providers.customFunction, config.enabled else {
                throw ErrorResponse.providerNotFound(provider.rawValue)
            }
            var provider = CustomFunctionProvider(limiter: app.functions, caller: caller)
            if let functions {
                provider.javaScript = { name, payload in try await functions.runAsSystem(name, app: app, arguments: [payload]) }
            }
            return try await provider.authenticate(body: body, config: config)
        case .google(let login):
            guard let google = app.google else { throw ErrorResponse.providerNotFound(provider.rawValue) }
            switch (login.idToken, login.authCode) {
            case (let idToken?, nil): return try await google.authenticate(idToken: idToken)
            case (nil, let code?): return try await google.authenticate(authCode: code)
            default: throw ErrorResponse.badRequest("give exactly one of 'id_token' and 'authCode'")
            }
        case .apple(let login):
            guard let apple = app.apple else { throw ErrorResponse.providerNotFound(provider.rawValue) }
            return try await apple.authenticate(idToken: login.idToken)
        case .facebook(let login):
            guard let facebook = app.facebook else { throw ErrorResponse.providerNotFound(provider.rawValue) }
            return try await facebook.authenticate(accessToken: login.accessToken)
        }
    }

    package init(store: any UserStore & EmailAccountStore & APIKeyStore, sessions: SessionService, limiter: AttemptLimiter, audit: AuditTrail, ids: IdentifierSource, apps: ServedApps, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.sessions = sessions
        self.limiter = limiter
        self.audit = audit
        self.ids = ids
        self.apps = apps
        self.now = now
    }
}

extension LoginService {
    /// GET /auth/profile: the caller's identities, profile data and type.
    package func profile(of caller: AuthorizedSession) async throws -> ProfileResponse {
        let identities = try await store.identities(appId: caller.app.id, userId: caller.user.id)
            .map { Identity(id: $0.providerId, providerType: $0.providerType) }
        let data = (try? JSONValue(parsing: caller.user.profile))?.objectValue ?? [:]
        return ProfileResponse(userId: caller.user.id, identities: identities, data: data, type: UserType(identities: identities))
    }
}
