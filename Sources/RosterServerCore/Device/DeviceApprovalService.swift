import Foundation
import RosterWire

/// The approval page's work, apart from HTTP: finding a device authorization by the code a
/// person typed (wrong codes limited per client address), signing the person in, and approving
/// or denying. A wrong, expired or used code is the same `DeviceCodeRefusal.invalid`, so the
/// page tells a guesser nothing.
package struct DeviceApprovalService: Sendable {
    package let store: any DeviceAuthorizationStore & UserStore & AttemptStore
    package let login: LoginService
    package let emailPassword: EmailPasswordService
    package let audit: AuditTrail
    package let now: @Sendable () -> Date

    package static let scope = "device-code"

    /// The pending, unexpired authorization whose user code was typed from `address`. Checks the
    /// address's wait first, and counts a wrong code against it in every app served.
    package func find(typed: String, address: String) async throws -> DeviceAuthorizationRecord {
        let key = AttemptKey.client(scope: Self.scope, address: address)
        let apps = login.apps.values.sorted { $0.id < $1.id }
        for app in apps {
            try await login.limiter.checkWait(app: app, keys: [key])
        }
        if let code = DeviceUserCode.normalized(typed), let record = try await store.deviceAuthorization(userCode: code),
            login.apps[record.appId] != nil, isOpen(record)
        {
            return record
        }
        for app in apps {
            let config = app.config.deviceLogin
            let maxDelay = app.config.limits.maxDelaySeconds
            _ = try await store.recordFailure(appId: app.id, keys: [key], now: now()) { counts in
                if counts.inHour >= config.wrongCodesPerAddressPerHour { return counts.hourStartedAt.addingTimeInterval(3600) }
                let over = counts.inARow - config.freeWrongCodes
                guard over > 0 else { return nil }
                return counts.now.addingTimeInterval(TimeInterval(min(maxDelay, 1 << min(over - 1, 20))))
            }
            await audit.record(.loginFailed, appId: app.id, address: address, detail: "device code")
        }
        throw DeviceCodeRefusal.invalid
    }

    /// The authorization the page state names, while it is still open to a decision.
    package func open(id: String) async throws -> DeviceAuthorizationRecord {
        guard let record = try await store.deviceAuthorization(id: id), login.apps[record.appId] != nil, isOpen(record) else {
            throw DeviceCodeRefusal.invalid
        }
        return record
    }

    private func isOpen(_ record: DeviceAuthorizationRecord) -> Bool {
        record.state == .pending && record.expiresAt > now()
    }

    /// What the page shows of an authorization: who asked, for which app, and how one signs in.
    package func summary(of record: DeviceAuthorizationRecord) -> DeviceRequestSummary {
        let config = login.apps[record.appId]?.config
        return DeviceRequestSummary(
            record, appName: config?.name ?? record.appId, offersEmailPassword: config?.isEnabled(.emailPassword) ?? false,
            browserProviders: [ProviderType.google, .apple, .facebook].filter { config?.isEnabled($0) ?? false })
    }

    /// The origins of the browser providers' sign-in pages of every app served: where the
    /// page's "Sign in with …" forms lead.
    package var browserSignInOrigins: [String] {
        var origins: Set<String> = []
        for app in login.apps.values {
            let openID = [app.google?.authorizationEndpoint, app.apple?.authorizationEndpoint]
            for case let endpoint? in openID + [app.facebook?.config.authorizationEndpoint] {
                guard let url = URLComponents(string: endpoint), let scheme = url.scheme, let host = url.host else { continue }
                origins.insert("\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? ""))
            }
        }
        return origins.sorted()
    }

    /// Signs in with email and password behind the log-in limits, as a log-in would.
    package func signIn(to record: DeviceAuthorizationRecord, email: String, password: String, address: String) async throws -> DeviceSignIn {
        let app = try login.app(record.appId)
        let provider = try login.provider(ProviderType.emailPassword.rawValue, of: app)
        guard case .identity(let providerId, let profile) = try await login.checkedCredentials(
            app: app, provider: provider, .emailPassword(EmailPasswordLogin(username: email, password: password)), address: address)
        else { throw ErrorResponse.authError("these credentials cannot log in here") }
        return DeviceSignIn(provider: provider.rawValue, providerId: providerId, profile: profile)
    }

    /// Registers an email account for the authorization's app, behind the registration limit
    /// per client address, as the register route; confirmation goes through the app's usual flow
    /// (the outbox, with a link to the account page at `page`; a function). Whether the person
    /// must confirm before signing in.
    package func register(
        for record: DeviceAuthorizationRecord, email: String, password: String, address: String, page: AccountPageLink
    ) async throws -> Bool {
        let app = try login.app(record.appId)
        _ = try login.provider(ProviderType.emailPassword.rawValue, of: app)
        let key = AttemptKey.client(scope: "register", address: address)
        try await limited(app: app, key: key, cap: app.config.limits.registrationsPerAddressPerHour, address: address)
        try await emailPassword.register(app: app, RegisterRequest(email: email, password: password), page: page, caller: .address(address))
        await audit.record(.registered, appId: app.id, address: address, detail: EmailPasswordProvider.normalize(email))
        return app.config.providers.emailPassword?.confirmation != .auto
    }

    /// Sends a password-reset message when the account exists, the same either way, behind the
    /// limit of messages per email, as the reset/send route; it links to the account page at
    /// `page`, where the person sets the new password.
    package func sendReset(for record: DeviceAuthorizationRecord, email: String, address: String, page: AccountPageLink) async throws {
        let app = try login.app(record.appId)
        _ = try login.provider(ProviderType.emailPassword.rawValue, of: app)
        let key = AttemptKey(scope: "account-message", kind: .account, value: EmailPasswordProvider.normalize(email))
        try await limited(app: app, key: key, cap: app.config.limits.accountMessagesPerEmailPerHour, address: address)
        try await emailPassword.sendReset(app: app, EmailRequest(email: email), page: page, caller: .address(address))
    }

    /// Counts a request under `key`, refused with `LimitWait` once `cap` were counted this hour.
    private func limited(app: ServedApp, key: AttemptKey, cap: Int, address: String) async throws {
        do {
            try await login.limiter.checkWait(app: app, keys: [key])
            try await login.limiter.countHourly(app: app, key: key, cap: cap)
        } catch let wait as LimitWait {
            await audit.record(.requestLimited, appId: app.id, address: address, detail: "device page")
            throw wait
        }
    }

    /// Counts a browser sign-in started on the page from `address`, under the same cap as any
    /// other (`webSignIn.startsPerAddressPerHour`): LimitWait past it.
    package func countBrowserSignIn(for record: DeviceAuthorizationRecord, address: String) async throws {
        let app = try login.app(record.appId)
        let key = AttemptKey.client(scope: "web-sign-in", address: address)
        try await limited(app: app, key: key, cap: app.config.webSignIn.startsPerAddressPerHour, address: address)
    }

    /// Approves as the person signed in: their user (found or made), or, for a link start, their
    /// identity added to the terminal's user. Refused when the code is no longer open.
    package func approve(_ record: DeviceAuthorizationRecord, as signIn: DeviceSignIn, address: String) async throws {
        let app = try login.app(record.appId)
        guard let provider = ProviderType(rawValue: signIn.provider) else { throw ErrorResponse.providerNotFound(signIn.provider) }
        let current = try await open(id: record.id)
        let userId: String
        if let linkUserId = current.linkUserId {
            guard let user = try await store.user(appId: app.id, id: linkUserId), !user.disabled else { throw DeviceCodeRefusal.invalid }
            try await login.addIdentity(app: app, to: user, provider: provider, providerId: signIn.providerId, profile: signIn.profile)
            userId = user.id
        } else {
            let user = try await login.user(app: app, provider: provider, providerId: signIn.providerId, profile: signIn.profile)
            guard !user.disabled else { throw ErrorResponse.userDisabled() }
            userId = user.id
        }
        guard try await store.decideDeviceAuthorization(id: record.id, .approved(userId: userId, provider: provider.rawValue), now: now())
        else { throw DeviceCodeRefusal.invalid }
        await audit.record(.deviceApproved, appId: app.id, userId: userId, provider: provider.rawValue, address: address)
    }

    package func deny(_ record: DeviceAuthorizationRecord, address: String) async throws {
        guard try await store.decideDeviceAuthorization(id: record.id, .denied, now: now()) else { throw DeviceCodeRefusal.invalid }
        await audit.record(.deviceDenied, appId: record.appId, address: address)
    }

    package init(store: any DeviceAuthorizationStore & UserStore & AttemptStore, login: LoginService, emailPassword: EmailPasswordService, audit: AuditTrail, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.login = login
        self.emailPassword = emailPassword
        self.audit = audit
        self.now = now
    }
}

/// A code the page will not act on: wrong, expired, used or decided. One answer for all.
package enum DeviceCodeRefusal: Error, Equatable {
    case invalid
}
