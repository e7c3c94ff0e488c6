/// What the routes call: services only, never the store behind them.
struct RouteServices: Sendable {
    let audit: AuditTrail
    let login: LoginService
    let sessions: SessionService
    let apiKeys: APIKeyService
    let emailPassword: EmailPasswordService
    let functions: FunctionCallService
    let accounts: AccountService
    let health: HealthService
    let webSignIn: WebSignInService
    /// What the routes count beyond requests: log-ins, refreshes, refusals.
    let metrics: ServerMetrics
    /// Device log-in: the terminal's start and poll, and the approval page.
    let device: DeviceLoginService
    let devicePage: DevicePageController
    /// The pages a confirmation or reset message links to.
    let accountPage: AccountPageController
    /// The limits the account routes count against (`AccountRouteLimits`).
    var limiter: AttemptLimiter { login.limiter }
}
