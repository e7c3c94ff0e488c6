import Hummingbird
import RosterWire

/// Device log-in: `POST …/app/{appId}/auth/device/start` and `…/poll` for the terminal (a start
/// with a bearer access token links), the approval page at `/device` for the person, and the
/// account pages its messages link to (`/account/{appId}/reset-password`, `…/confirm-email`).
enum DeviceRoutes {
    static func add(to router: Router<RosterRequestContext>, _ services: RouteServices) {
        let device = router.group(RouterPath("\(Route.base)/app/:appId/auth/device")).add(middleware: ServedAppMiddleware(login: services.login))
        device.group("start")
            .add(middleware: SessionAuthenticator(sessions: services.sessions, token: .access, applies: { $0.headers[.authorization] != nil }))
            .post { request, context -> RouteReply in
                let body = try await request.collectedBody(within: context)
                return try .json(
                    try await services.device.start(
                        app: try context.servedApp(), caller: context.identity, body: body, base: context.publicBase,
                        address: context.clientAddress))
            }
        device.post("poll") { request, context -> RouteReply in
            let app = try context.servedApp()
            let body = try await request.collectedBody(within: context)
            return try await services.device.poll(app: app, body: body, address: context.clientAddress)
        }
        let page = services.devicePage
        router.get(RouterPath(DeviceLoginService.pagePath)) { request, context in await page.get(request, context: context) }
        router.post(RouterPath(DeviceLoginService.pagePath)) { request, context in await page.post(request, context: context) }
        // Where the page's confirmation and reset messages lead: finish on the phone too.
        let account = services.accountPage
        for purpose in [AccountTokenRecord.Purpose.reset, .confirm] {
            let path = RouterPath(AccountPageLink.path(purpose))
            router.get(path) { request, context in await account.get(purpose, request, context: context) }
            router.post(path) { request, context in await account.post(purpose, request, context: context) }
        }
    }
}
