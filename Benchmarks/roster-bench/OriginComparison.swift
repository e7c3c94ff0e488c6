import Foundation

/// What a browser's `Origin` header costs the server: the ceiling (`/location`) and a refresh,
/// each with an `Origin` (so through the CORS answer headers) and without, in alternating
/// rounds within one run, compared by their ratio round by round as `HTTPComparison` compares
/// two servers, so that the machine's drift between two runs cancels.
///
///     let routes = try await OriginComparison.run(served, rounds: 4, connections: 64, seconds: 10, in: directory)
///     for route in routes { print(route.name, route.medianCostRatio) }
enum OriginComparison {
    /// What realm-web in a page on another site sends.
    static let origin = "http://localhost:8080"
    /// A request with `Origin` may cost at most this many times one without.
    static let costTarget = 1.05

    /// One route over the rounds, as two servers are compared: the measured side is with
    /// `Origin`, the other without, and the cost round by round is requests a second without
    /// over requests a second with.
    typealias Route = HTTPComparison.RouteComparison

    static func met(_ route: Route) -> Bool { HTTPComparison.asPrinted(route.medianCostRatio) <= costTarget }

    static func run(_ served: ServedStore, rounds: Int, connections: Int, seconds: Int, in directory: URL) async throws -> [Route] {
        guard rounds > 0 else { return [] }
        var routes = [served.routes[0], served.refresh].map { Route(name: $0.name) }
        for round in 0..<rounds {
            for (index, route) in [served.routes[0], served.refresh].enumerated() {
                var withOrigin = route.load
                withOrigin.headers["Origin"] = origin
                func measure(_ load: WrkRun.Load) async throws -> WrkRun.Report {
                    try await WrkRun.run(load, base: served.server.baseURL, connections: connections, seconds: seconds, in: directory)
                }
                // Which goes first alternates from round to round.
                let (without, with): (WrkRun.Report, WrkRun.Report)
                if round % 2 == 0 {
                    without = try await measure(route.load)
                    with = try await measure(withOrigin)
                } else {
                    with = try await measure(withOrigin)
                    without = try await measure(route.load)
                }
                routes[index].against.append(without)
                routes[index].measured.append(with)
                routes[index].costRatios.append(without.requestsPerSecond / max(with.requestsPerSecond, 0.001))
            }
        }
        return routes
    }

    /// One line a route: the median requests a second of each side, the cost of `Origin` (the
    /// median and range of the rounds' ratios) and the verdict.
    static func report(_ routes: [Route]) -> [String] {
        routes.map { route in
            String(
                format: "    with Origin: %@ %.1f req/s without, %.1f with, cost %.3f (%.3f to %.3f) over %d rounds (target at most %.2f): %@",
                route.name, HTTPComparison.median(route.against.map(\.requestsPerSecond)),
                HTTPComparison.median(route.measured.map(\.requestsPerSecond)), route.medianCostRatio, route.costRatios.min() ?? 0,
                route.costRatios.max() ?? 0, route.costRatios.count, costTarget, met(route) ? "met" : "MISSED")
        }
    }
}
