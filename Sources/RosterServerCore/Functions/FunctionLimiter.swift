import Foundation
import RosterWire

/// How many function commands of one app run at once (each is a process of its own): at most
/// `perApp` in all and `perCaller` for any one caller (a user, or the client address of a
/// custom-function log-in, which has no user yet). A call past the caller's share is refused at
/// once; a call the app has no place for waits at most `waitLimit` (with at most `queueLimit`
/// others) and is then refused. Refused calls run nothing.
///
/// The counts live in memory: running commands belong to this process, so another process on
/// the same store has its own.
///
///     let limiter = FunctionLimiter(perApp: 8, perCaller: 2, waitLimit: .seconds(2))
///     let answer = try await limiter.run(for: .user(id)) { try await function.call(input) }
package final class FunctionLimiter: Sendable {
    private let slots: ConcurrencyLimit<FunctionCaller>

    package var perApp: Int { slots.width }
    package var perCaller: Int { slots.perOwner }

    package init(perApp: Int, perCaller: Int, queueLimit: Int? = nil, waitLimit: Duration) {
        slots = ConcurrencyLimit(width: perApp, perOwner: perCaller, queueLimit: queueLimit, waitLimit: waitLimit)
    }

    package convenience init(limits: LimitsConfig) {
        self.init(perApp: limits.functionsPerApp, perCaller: limits.functionsPerCaller, waitLimit: .seconds(limits.functionWaitSeconds))
    }

    /// How many calls run and wait now.
    package var load: (running: Int, waiting: Int) { slots.load }

    /// Runs `work` once the app and the caller have a place for it; `FunctionLimitReached` when
    /// they have none.
    package func run<T: Sendable>(for caller: FunctionCaller, _ work: () async throws -> T) async throws -> T {
        do {
            try await slots.enter(caller)
        } catch let refusal as ConcurrencyLimit<FunctionCaller>.Refusal {
            throw FunctionLimitReached(limit: refusal == .ownerAtLimit ? .caller : .app)
        }
        defer { slots.leave(caller) }
        return try await work()
    }
}

/// Whom a function command runs for: a signed-in user, or the client address of a log-in.
package enum FunctionCaller: Hashable, Sendable {
    case user(String)
    case address(String)
}

/// A function command refused for want of a place, with `Retry-After`.
///
/// The caller's own limit is 429 `TooManyRequests`: it is this client that sends too much at
/// once, other callers are served, and clients already wait and retry on 429 for the log-in
/// limits. The app's limit is 503 `ServiceUnavailable`, as for the hashing pool: the app is at
/// capacity for everyone, through no fault of this client, and a client (or a load balancer)
/// retries later or elsewhere.
package struct FunctionLimitReached: RetryLater, Sendable, Equatable {
    package enum Limit: Sendable, Equatable { case caller, app }
    package let limit: Limit

    package var retryAfterSeconds: Int { 1 }

    package var response: ErrorResponse {
        switch limit {
        case .caller: ErrorResponse(.tooManyRequests, "too many functions running for you at once; try again in a moment")
        case .app: ErrorResponse(.serviceUnavailable, "the app's functions are busy; try again in a moment")
        }
    }

    package init(limit: Limit) {
        self.limit = limit
    }
}
