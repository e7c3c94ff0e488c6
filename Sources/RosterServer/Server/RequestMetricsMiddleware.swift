// Kept instead of Hummingbird's `MetricsMiddleware`, which costs the server more on the ceiling
// route, a refresh and the profile in the same run of `roster-bench http --against-server`:
// docs/BENCHMARKS.md ("Roster's own pieces in place of stock ones") has the method and the figures.

import Hummingbird
import Metrics
import RosterServerCore
import Synchronization

/// Counts each request by route pattern, method and status, with its duration, under the names
/// Hummingbird's `MetricsMiddleware` uses (`hb.requests`, `http.server.request.duration`,
/// `hb.request.errors`, `http.server.active_requests`). It records when the route has answered,
/// not after the body is written: Hummingbird's wraps the body in a closure to record afterwards,
/// and a body that is a closure goes out as two writes (head, then body) where a body that is a
/// buffer goes out with its head in one. A duration here ends before the bytes are written;
/// every body the server answers is already in memory.
package struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    private let metrics = RequestMetrics()

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let active = metrics.active(method: request.method)
        active.increment()
        defer { active.decrement() }
        do {
            let response = try await next(request, context)
            let counted = metrics.route(RequestMetrics.Key(route: context.endpointPath ?? "Unknown", method: request.method, status: response.status))
            counted.requests.increment()
            counted.duration.recordNanoseconds(Int64((ContinuousClock.now - started) / .nanoseconds(1)))
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            let counted = metrics.route(RequestMetrics.Key(route: context.endpointPath ?? "NotFound", method: request.method, status: status))
            counted.requests.increment()
            counted.errors.increment()
            throw error
        }
    }
}

/// The metrics of each route, method and status, made once (making one asks the backend, under
/// its lock).
package final class RequestMetrics: Sendable {
    package struct Key: Hashable {
        package let route: String
        package let method: HTTPRequest.Method
        package let status: HTTPResponse.Status

        package init(route: String, method: HTTPRequest.Method, status: HTTPResponse.Status) {
            self.route = route
            self.method = method
            self.status = status
        }
    }

    package struct Route: Sendable {
        package let requests: Counter
        package let duration: Timer
        package let errors: Counter

        package init(requests: Counter, duration: Timer, errors: Counter) {
            self.requests = requests
            self.duration = duration
            self.errors = errors
        }
    }

    private let routes = Mutex<[Key: Route]>([:])
    private let actives = Mutex<[HTTPRequest.Method: Meter]>([:])

    package func route(_ key: Key) -> Route {
        routes.withLock { routes in
            if let known = routes[key] { return known }
            let dimensions = [
                ("http.route", key.route), ("http.request.method", key.method.rawValue),
                ("http.response.status_code", String(key.status.code)),
            ]
            let made = Route(
                requests: Counter(label: "hb.requests", dimensions: dimensions),
                duration: Timer(label: "http.server.request.duration", dimensions: dimensions, preferredDisplayUnit: .seconds),
                errors: Counter(
                    label: "hb.request.errors",
                    dimensions: [
                        ("http.route", key.route), ("http.request.method", key.method.rawValue), ("error.type", String(key.status.code)),
                    ]))
            routes[key] = made
            return made
        }
    }

    package func active(method: HTTPRequest.Method) -> Meter {
        actives.withLock { actives in
            if let known = actives[method] { return known }
            let made = Meter(label: "http.server.active_requests", dimensions: [("http.request.method", method.rawValue)])
            actives[method] = made
            return made
        }
    }
}
