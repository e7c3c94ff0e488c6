import Hummingbird
import RosterServerCore
import RosterWire

/// Device log-in: `POST …/app/{appId}/auth/device/start` and `…/poll` for the terminal (a start
/// with a bearer access token links). The approval page the person opens is RosterPages'
/// (`PageRoutes`).
package enum DeviceRoutes {
    package static func add(to router: Router<RosterRequestContext>, _ services: RouteServices) {
        let device = router.group(RouterPath("\(Route.base)/app/:appId/auth/device")).add(middleware: ServedAppMiddleware(login: services.login))
        device.group("start")
            .add(middleware: SessionAuthenticator(sessions: services.sessions, token: .access, applies: { $0.headers[.authorization] != nil }))
            .post { request, context -> RouteReply in
                let app = try context.servedApp()
                let start = try WireBody.decode(DeviceStartRequest.self, from: try await request.collectedBody(within: context))
                return try .json(
                    try await services.device.start(
                        app: app, caller: context.identity, start, base: context.publicBase, address: context.clientAddress))
            }
        device.post("poll") { request, context -> RouteReply in
            let app = try context.servedApp()
            let poll = try WireBody.decode(DevicePollRequest.self, from: try await request.collectedBody(within: context))
            switch try await services.device.poll(app: app, poll, address: context.clientAddress) {
            case .refused(let refusal): return try .json(refusal, status: 400)
            case .granted(let answer): return .json(answer)
            }
        }
    }
}
