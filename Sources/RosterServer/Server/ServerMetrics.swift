import CoreMetrics
import Foundation
import RosterServerCore
import RosterWire

/// What the server counts beyond requests (which `RequestMetricsMiddleware` counts by
/// route pattern and status, with their durations): log-ins by provider and result, refreshes
/// by result, refusals that ask the client to retry later, and the live sessions. Recorded
/// through swift-metrics: the process bootstraps the backend (Prometheus in `roster-server`);
/// without one, nothing is recorded.
package struct ServerMetrics: Sendable {
    package let factory: any MetricsFactory

    package init(factory: any MetricsFactory = MetricsSystem.factory) {
        self.factory = factory
    }

    /// A log-in's outcome: `success`, or the protocol's error code it was refused with.
    package func loggedIn(provider: ProviderType, error: (any Error)?) {
        Counter(
            label: "roster_logins_total", dimensions: [("provider", provider.rawValue), ("result", Self.result(of: error))],
            factory: factory
        ).increment()
    }

    /// A refresh's outcome: `success`, or the protocol's error code it was refused with.
    package func refreshed(error: (any Error)?) {
        Counter(label: "roster_refreshes_total", dimensions: [("result", Self.result(of: error))], factory: factory).increment()
    }

    /// A 429 or 503 that says when to come back, by route pattern.
    package func refused(status: Int, route: String?) {
        Counter(
            label: "roster_rate_limited_total", dimensions: [("http_route", route ?? "unmatched"), ("status", String(status))],
            factory: factory
        ).increment()
    }

    /// The sessions live now, by app.
    package func liveSessions(_ counts: [String: Int], apps: some Sequence<String>) {
        for app in apps {
            Gauge(label: "roster_active_sessions", dimensions: [("app", app)], factory: factory).record(counts[app] ?? 0)
        }
    }

    /// `success`, or the error code of the refusal: a bounded set, never a message.
    package static func result(of error: (any Error)?) -> String {
        switch error {
        case nil: "success"
        case let error as ErrorResponse: error.errorCode
        case let refusal as any RetryLater: refusal.response.errorCode
        default: ErrorCode.internalServerError.rawValue
        }
    }
}
