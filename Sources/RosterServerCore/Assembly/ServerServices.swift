import Foundation
import RosterDocuments

/// Every service of a server over one store, made once when the server opens: what the routes
/// and the pages call, the administrative operations, and the demo seeder. Services only: the
/// store stays behind them.
///
///     let services = try await ServerServices.open(store: SQLiteServerStore(path: path), apps: [config], environment: .live)
package struct ServerServices: Sendable {
    package let environment: ServerEnvironment
    package let apps: ServedApps
    package let audit: AuditTrail
    package let tokens: TokenService
    package let login: LoginService
    package let sessions: SessionService
    package let apiKeys: APIKeyService
    package let emailPassword: EmailPasswordService
    package let functions: FunctionCallService
    /// `watch`: change streams of the apps' collections.
    package let changeStreams: ChangeStreamService
    package let accounts: AccountService
    package let health: HealthService
    package let webSignIn: WebSignInService
    /// Sessions' unlock keys: server-assisted unlock.
    package let unlockKeys: UnlockKeyService
    /// Device log-in: the terminal's start and poll.
    package let device: DeviceLoginService
    /// Device log-in: the person's approval on the page.
    package let deviceApprovals: DeviceApprovalService
    package let admin: ServerAdmin
    package let seeder: DemoSeeder
    /// What serving apps while running needs: the Admin API's operators and apps in the store,
    /// and the pipeline memory every app shares.
    package let hosting: AppHosting
    /// The limits the account routes count against.
    package var limiter: AttemptLimiter { login.limiter }

    /// Checks each app's configuration, prepares the store for it (its owner indexes, the
    /// token signing secret) and makes the services.
    package static func open(store: any ServerStore, apps configs: [AppConfig], environment: ServerEnvironment) async throws
        -> ServerServices
    {
        var opened: [String: ServedApp] = [:]
        let pipelineMemory = PipelineMemory(limit: environment.pipelineMemoryBytes)
        for config in configs {
            try config.validate(source: "app '\(config.appId)'")
            let outbox = environment.outboxDirectory ?? URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("roster-outbox")
            opened[config.appId] = try await ServedApp(
                config: config, environment: environment, pipelineMemory: pipelineMemory,
                defaultOutbox: outbox.appendingPathComponent(config.appId))
        }
        let apps = ServedApps(opened)
        let ids = IdentifierSource(randomBytes: environment.randomBytes, now: environment.now)
        for config in configs {
            for owner in config.ownerFields { try await store.indexOwners(owner) }
        }
        let secret = try await store.signingSecret(
            name: TokenService.secretName, ifAbsent: environment.randomBytes(TokenService.secretBytes))
        let tokens = await TokenService(secret: secret, now: environment.now)
        let customData = CustomDataService(store: store, ids: ids)
        let audit = AuditTrail(store: store, now: environment.now, logger: environment.logger)
        let sessions = SessionService(
            store: store, tokens: tokens, customData: customData, ids: ids, apps: apps, audit: audit, now: environment.now)
        let functions = FunctionCallService(
            data: DataAccessService(store: store, ids: ids, now: environment.now, users: store), runtime: environment.functionRuntime, users: store,
            customData: customData,
            runs: FunctionRunLog(store: store, budget: environment.functionRunBudget, ids: ids, now: environment.now, logger: environment.logger))
        var login = LoginService(
            store: store, sessions: sessions, limiter: AttemptLimiter(store: store, now: environment.now), audit: audit, ids: ids,
            apps: apps, now: environment.now)
        login.functions = functions
        let triggers = TriggerService(
            store: store, apps: apps, functions: functions, ids: ids, now: environment.now, logger: environment.logger,
            runsEvents: environment.runsTriggers)
        login.triggers = triggers
        triggers.start()
        var emailPassword = EmailPasswordService(store: store, ids: ids, now: environment.now, logger: environment.logger)
        emailPassword.functions = functions
        var admin = ServerAdmin(store: store, apps: apps, customData: customData, ids: ids, now: environment.now)
        admin.triggers = triggers
        return ServerServices(
            environment: environment, apps: apps, audit: audit, tokens: tokens, login: login, sessions: sessions,
            apiKeys: APIKeyService(store: store, ids: ids, now: environment.now),
            emailPassword: emailPassword,
            functions: functions,
            changeStreams: ChangeStreamService(
                changes: store.changes, sessions: sessions, sessionCheck: environment.changeStreamSessionCheck, data: functions.data),
            accounts: AccountService(store: store, audit: audit, triggers: triggers),
            health: HealthService(store: store, now: environment.now, logger: environment.logger),
            webSignIn: WebSignInService(store: store, ids: ids, now: environment.now),
            unlockKeys: UnlockKeyService(store: store, audit: audit, ids: ids, now: environment.now),
            device: DeviceLoginService(
                store: store, login: login, audit: audit, ids: ids, randomBytes: environment.randomBytes, now: environment.now),
            deviceApprovals: DeviceApprovalService(
                store: store, login: login, emailPassword: emailPassword, audit: audit, now: environment.now),
            admin: admin, seeder: DemoSeeder(store: store, admin: admin, ids: ids), hosting: AppHosting(store: store, pipelineMemory: pipelineMemory))
    }

    /// Serves `config` from now on, in place of any app of its id: checked, its owner indexes
    /// made, ready before the first request reaches it, its triggers following from then on.
    /// For the apps the database holds.
    package func install(_ config: AppConfig) async throws {
        try config.validate(source: "app '\(config.appId)'")
        for owner in config.ownerFields { try await hosting.store.indexOwners(owner) }
        let outbox = environment.outboxDirectory ?? URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("roster-outbox")
        apps.replace(
            try await ServedApp(
                config: config, environment: environment, pipelineMemory: hosting.pipelineMemory,
                defaultOutbox: outbox.appendingPathComponent(config.appId)))
        login.triggers?.appsChanged()
    }

    /// Stops serving the app: its next request is answered AppNotFound, and its triggers stop.
    @discardableResult
    package func withdraw(appId: String) -> Bool {
        defer { login.triggers?.appsChanged() }
        return apps.remove(appId)
    }

    package init(environment: ServerEnvironment, apps: ServedApps, audit: AuditTrail, tokens: TokenService, login: LoginService, sessions: SessionService, apiKeys: APIKeyService, emailPassword: EmailPasswordService, functions: FunctionCallService, changeStreams: ChangeStreamService, accounts: AccountService, health: HealthService, webSignIn: WebSignInService, unlockKeys: UnlockKeyService, device: DeviceLoginService, deviceApprovals: DeviceApprovalService, admin: ServerAdmin, seeder: DemoSeeder, hosting: AppHosting) {
        self.environment = environment
        self.apps = apps
        self.audit = audit
        self.tokens = tokens
        self.login = login
        self.sessions = sessions
        self.apiKeys = apiKeys
        self.emailPassword = emailPassword
        self.functions = functions
        self.changeStreams = changeStreams
        self.accounts = accounts
        self.health = health
        self.webSignIn = webSignIn
        self.unlockKeys = unlockKeys
        self.device = device
        self.deviceApprovals = deviceApprovals
        self.admin = admin
        self.seeder = seeder
        self.hosting = hosting
    }
}
