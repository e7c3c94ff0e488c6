import Foundation
import RosterWire

/// The limits of the email/password account routes (`LimitsConfig`): registrations per client
/// address; confirmation and reset requests per email, known or not, so the answers stay the
/// same; wrong confirmation and reset tokens per client address.
struct AccountRouteLimits: Sendable {
    let limiter: AttemptLimiter
    let audit: AuditTrail

    /// Runs `work` for `route` within the limits: refused with `LimitWait` before any work when
    /// a limit is reached, and counted as the route says.
    func within<T: Sendable>(
        _ route: Route.EmailPassword, app: ServedApp, body: Data, address: String, _ work: () async throws -> T
    ) async throws -> T {
        do {
            return try await limited(route, app: app, body: body, address: address, work)
        } catch let wait as LimitWait {
            await audit.record(.requestLimited, appId: app.id, address: address, detail: route.rawValue)
            throw wait
        }
    }

    private func limited<T: Sendable>(
        _ route: Route.EmailPassword, app: ServedApp, body: Data, address: String, _ work: () async throws -> T
    ) async throws -> T {
        let limits = app.config.limits
        switch route {
        case .register:
            let key = AttemptKey(scope: "register", kind: .address, value: address)
            try await limiter.checkWait(app: app, keys: [key])
            try await limiter.countHourly(app: app, key: key, cap: limits.registrationsPerAddressPerHour)
            return try await work()
        case .confirmSend, .confirmCall, .resetSend, .resetCall:
            guard let request = try? WireBody.decode(EmailRequest.self, from: body) else { return try await work() }
            let email = EmailPasswordProvider.normalize(request.email)
            let key = AttemptKey(scope: "account-message", kind: .account, value: email)
            try await limiter.checkWait(app: app, keys: [key])
            try await limiter.countHourly(app: app, key: key, cap: limits.accountMessagesPerEmailPerHour)
            return try await work()
        case .confirm, .reset:
            let key = AttemptKey(scope: "account-token", kind: .address, value: address)
            try await limiter.checkWait(app: app, keys: [key])
            do {
                return try await work()
            } catch let error as ErrorResponse where Self.isWrongToken(error) {
                try await limiter.countHourly(app: app, key: key, cap: limits.wrongTokensPerAddressPerHour)
                throw error
            }
        }
    }

    /// The normalized email of an account route's body, when it has one.
    static func email(in body: Data) -> String? {
        (try? WireBody.decode(EmailRequest.self, from: body)).map { EmailPasswordProvider.normalize($0.email) }
    }

    /// A token that is not one the server issued, or not any more.
    static func isWrongToken(_ error: ErrorResponse) -> Bool {
        error.code == .userpassTokenInvalid || (error.code == .badRequest && error.error == ErrorResponse.Text.invalidTokenData)
    }
}
