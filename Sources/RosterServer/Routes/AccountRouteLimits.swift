import Foundation
import Hummingbird
import RosterServerCore
import RosterWire

/// The limits of the email/password account routes (`LimitsConfig`), as middleware before each
/// of them: registrations per client address; confirmation and reset requests per client address
/// and per email, known or not, so the answers stay the same; wrong confirmation and reset
/// tokens per client address.
/// A request past a limit is refused with `LimitWait` before its route runs, and recorded in
/// the audit trail as `request-limited`.
///
///     accounts.group("register").add(middleware: AccountRouteLimits(route: .register, limiter: limiter, audit: audit))
package struct AccountRouteLimits: RouterMiddleware {
    package typealias Context = RosterRequestContext
    package let route: Route.EmailPassword
    package let limiter: AttemptLimiter
    package let audit: AuditTrail

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let app = try context.servedApp()
        let body = try await request.collectedBody(within: context)
        do {
            return try await limited(app: app, body: body, address: context.clientAddress) { try await next(request, context) }
        } catch let wait as LimitWait {
            await audit.record(.requestLimited, appId: app.id, address: context.clientAddress, detail: route.rawValue)
            throw wait
        }
    }

    private func limited(
        app: ServedApp, body: Data, address: String, _ route: () async throws -> Response
    ) async throws -> Response {
        let limits = app.config.limits
        switch self.route {
        case .register:
            let key = AttemptKey.client(scope: "register", address: address)
            try await limiter.checkWait(app: app, keys: [key])
            try await limiter.countHourly(app: app, key: key, cap: limits.registrationsPerAddressPerHour)
            return try await route()
        case .confirmSend, .confirmCall, .resetSend, .resetCall:
            // Per client address whatever the email, so one address cannot walk a list of
            // emails; then per email, known or not, so the answers stay the same.
            let address = AttemptKey.client(scope: "account-message", address: address)
            try await limiter.checkWait(app: app, keys: [address])
            try await limiter.countHourly(app: app, key: address, cap: limits.accountMessagesPerAddressPerHour)
            guard let email = Self.email(in: body) else { return try await route() }
            let key = AttemptKey(scope: "account-message", kind: .account, value: email)
            try await limiter.checkWait(app: app, keys: [key])
            try await limiter.countHourly(app: app, key: key, cap: limits.accountMessagesPerEmailPerHour)
            return try await route()
        case .confirm, .reset:
            return try await Self.countingWrongTokens(app: app, address: address, limiter: limiter, route)
        }
    }

    /// Runs `use`, which redeems a confirmation or reset token, behind the limit of wrong tokens
    /// per client address: `LimitWait` while the address must wait, and a wrong token counted.
    /// The account routes and the account pages share the count.
    package static func countingWrongTokens<Result>(
        app: ServedApp, address: String, limiter: AttemptLimiter, _ use: () async throws -> Result
    ) async throws -> Result {
        let key = AttemptKey.client(scope: "account-token", address: address)
        try await limiter.checkWait(app: app, keys: [key])
        do {
            return try await use()
        } catch let error as ErrorResponse where isWrongToken(error) {
            try await limiter.countHourly(app: app, key: key, cap: app.config.limits.wrongTokensPerAddressPerHour)
            throw error
        }
    }

    /// The normalized email of an account route's body, when it has one.
    package static func email(in body: Data) -> String? {
        (try? WireBody.decode(EmailRequest.self, from: body)).map { EmailPasswordProvider.normalize($0.email) }
    }

    /// A token that is not one the server issued, or not any more.
    package static func isWrongToken(_ error: ErrorResponse) -> Bool {
        error.code == .userpassTokenInvalid || (error.code == .badRequest && error.error == ErrorResponse.Text.invalidTokenData)
    }

    package init(route: Route.EmailPassword, limiter: AttemptLimiter, audit: AuditTrail) {
        self.route = route
        self.limiter = limiter
        self.audit = audit
    }
}
