import Hummingbird
import RosterServerCore

/// The routes a load balancer or an orchestrator polls, outside the client API's paths:
/// `GET /health` answers 200 while the process serves; `GET /ready` answers 200 when the store
/// is reachable and can write, and 503 with the reason when it cannot be reached or cannot
/// write (a full disk, a read-only database: `HealthService.readiness`), so traffic goes
/// elsewhere until it is back.
public enum HealthRoutes {
    // `public` for the benchmarks' package, which requests them.
    public static let health = "/health"
    public static let ready = "/ready"

    package struct Status: Encodable {
        package let status: String
        /// Why the server is not ready; absent when it is.
        package let reason: String?

        package init(status: String, reason: String? = nil) {
            self.status = status
            self.reason = reason
        }
    }

    package static func add(to router: Router<RosterRequestContext>, _ health: HealthService) {
        router.get(RouterPath(Self.health)) { _, _ -> RouteReply in
            try .json(Status(status: "ok"))
        }
        router.get(RouterPath(Self.ready)) { _, _ -> RouteReply in
            switch await health.readiness() {
            case .ready: try .json(Status(status: "ready"))
            case .unreachable: try .json(Status(status: "unavailable", reason: "the store cannot be reached"), status: 503)
            case .cannotWrite:
                try .json(Status(status: "unavailable", reason: "the store cannot write (a full disk or a read-only database)"), status: 503)
            }
        }
    }
}
