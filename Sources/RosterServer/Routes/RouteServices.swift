import RosterServerCore

/// What the routes call: the server's services (never the store behind them), and what the
/// routes count beyond requests (log-ins, refreshes, refusals).
package struct RouteServices: Sendable {
    package let core: ServerServices
    package let metrics: ServerMetrics
    /// What writes error answers' `link` (`ErrorLinkMiddleware`): a route addition that keeps an
    /// app's log (the Admin API) gives it.
    package let logLinks: RequestLogLinks

    package var audit: AuditTrail { core.audit }
    package var login: LoginService { core.login }
    package var sessions: SessionService { core.sessions }
    package var apiKeys: APIKeyService { core.apiKeys }
    package var emailPassword: EmailPasswordService { core.emailPassword }
    package var functions: FunctionCallService { core.functions }
    package var changeStreams: ChangeStreamService { core.changeStreams }
    package var accounts: AccountService { core.accounts }
    package var health: HealthService { core.health }
    package var webSignIn: WebSignInService { core.webSignIn }
    package var unlockKeys: UnlockKeyService { core.unlockKeys }
    package var device: DeviceLoginService { core.device }
    /// The limits the account routes count against (`AccountRouteLimits`).
    package var limiter: AttemptLimiter { core.limiter }

    package init(core: ServerServices, metrics: ServerMetrics, logLinks: RequestLogLinks = RequestLogLinks()) {
        self.core = core
        self.metrics = metrics
        self.logLinks = logLinks
    }
}
