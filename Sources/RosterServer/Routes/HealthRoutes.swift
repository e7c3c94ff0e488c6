import Hummingbird
import RosterServerCore

/// The routes a load balancer or an orchestrator polls, outside the client API's paths:
/// `GET /health` answers 200 while the process serves; `GET /ready` answers 200 when the store
/// is reachable and 503 when it is not, so traffic goes elsewhere until it is back.
package enum HealthRoutes {
    package static let health = "/health"
    package static let ready = "/ready"

    package struct Status: Encodable {
        package let status: String

        package init(status: String) {
            self.status = status
        }
    }

    package static func add(to router: Router<RosterRequestContext>, _ health: HealthService) {
        router.get(RouterPath(Self.health)) { _, _ -> RouteReply in
            try .json(Status(status: "ok"))
        }
        router.get(RouterPath(Self.ready)) { _, _ -> RouteReply in
            await health.storeIsReachable() ? try .json(Status(status: "ready")) : try .json(Status(status: "unavailable"), status: 503)
        }
    }
}
