import Foundation
import RosterWire

/// Slows and stops guessing and flooding, as the app's `limits` say. Log-in failures are counted
/// per account (an email/password log-in's email, known or not, so the answers do not tell them
/// apart) with growing waits and an hourly cap, and per client address with an hourly cap; the
/// account routes are capped per hour (`countHourly`). An attempt that must wait is refused
/// before any credential is checked or any work done.
///
///     let keys = AttemptLimiter.keys(provider: .emailPassword, account: "ann@example.com", address: "10.0.0.7")
///     let counted = try await limiter.checkWait(app: app, keys: keys)   // throws LimitWait
package struct AttemptLimiter: Sendable {
    package let store: any AttemptStore
    package let now: @Sendable () -> Date
    /// One check per account at a time, in this process.
    package var checks = AccountChecks()

    package static let scope = "login"

    /// What a log-in attempt is counted under; none for anonymous log-ins, which guess nothing.
    package static func keys(provider: ProviderType, account: String?, address: String) -> [AttemptKey] {
        guard provider != .anonymous else { return [] }
        return [AttemptKey.client(scope: scope, address: address)]
            + (account.map { [AttemptKey(scope: scope, kind: .account, value: $0)] } ?? [])
    }

    /// Throws `LimitWait` when any key must still wait; otherwise the keys that have failures
    /// counted, which a success then clears (and only those: a success writes nothing else).
    @discardableResult
    package func checkWait(app: ServedApp, keys: [AttemptKey]) async throws -> [AttemptKey] {
        let now = now()
        var latest: Date?
        var counted: [AttemptKey] = []
        for key in keys {
            guard let standing = try await store.attemptsWait(appId: app.id, key: key) else { continue }
            counted.append(key)
            if let wait = standing, wait > now, wait > (latest ?? .distantPast) { latest = wait }
        }
        if let latest { throw LimitWait(seconds: LimitWait.seconds(until: latest, from: now)) }
        return counted
    }

    /// Counts a failed attempt under every key.
    package func failed(app: ServedApp, keys: [AttemptKey]) async throws {
        guard !keys.isEmpty else { return }
        let limits = app.config.limits
        _ = try await store.recordFailure(appId: app.id, keys: keys, now: now()) { counts in
            switch counts.key.kind {
            case .account:
                if counts.inHour >= limits.failuresPerAccountPerHour { return counts.hourStartedAt.addingTimeInterval(AttemptCountRule.hour) }
                let delay = limits.delay(afterFailures: counts.inARow)
                return delay > 0 ? counts.now.addingTimeInterval(TimeInterval(delay)) : nil
            case .address:
                return counts.inHour >= limits.failuresPerAddressPerHour ? counts.hourStartedAt.addingTimeInterval(AttemptCountRule.hour) : nil
            }
        }
    }

    /// Counts a request (or a failure) under `key`; the next ones wait for the hour to end once
    /// `cap` were counted in it.
    package func countHourly(app: ServedApp, key: AttemptKey, cap: Int) async throws {
        _ = try await store.recordFailure(appId: app.id, keys: [key], now: now()) { counts in
            counts.inHour >= cap ? counts.hourStartedAt.addingTimeInterval(AttemptCountRule.hour) : nil
        }
    }

    /// A success clears its account's count, when one was `counted`; an address keeps its hour.
    package func succeeded(app: ServedApp, counted: [AttemptKey]) async throws {
        for key in counted where key.kind == .account {
            try await store.clearFailures(appId: app.id, key: key)
        }
    }

    /// Whether a failure is a wrong credential (counted), not a malformed request or the server's
    /// own trouble.
    package static func isWrongCredential(_ error: any Error) -> Bool {
        guard let error = error as? ErrorResponse else { return false }
        return error.code == .invalidPassword || error.code == .authError || error.code == .userNotFound
    }
}

/// A refusal because a limit was reached: 429 `TooManyRequests` with `Retry-After`.
package struct LimitWait: RetryLater, Sendable, Equatable {
    package var seconds: Int
    package var retryAfterSeconds: Int { seconds }

    package static func seconds(until: Date, from now: Date) -> Int {
        max(1, Int(until.timeIntervalSince(now).rounded(.up)))
    }

    package var response: ErrorResponse {
        ErrorResponse(.tooManyRequests, "too many requests; try again in \(seconds) seconds")
    }

    package init(seconds: Int) {
        self.seconds = seconds
    }
}
