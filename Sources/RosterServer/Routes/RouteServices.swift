/// What the routes call.
struct RouteServices: Sendable {
    let audit: AuditTrail
    let login: LoginService
    let sessions: SessionService
    let apiKeys: APIKeyService
    let emailPassword: EmailPasswordService
    let functions: FunctionCallService
    var limiter: AttemptLimiter { login.limiter }
}
