import Hummingbird
import RosterServerCore

/// Routes a server adds beside the client API (the pages, RosterPages' `PageRoutes`), given
/// when it opens (`RosterServer.open(store:apps:environment:additions:)`).
package protocol RouteAddition: Sendable {
    func add(to router: Router<RosterRequestContext>, _ services: RouteServices)
}
