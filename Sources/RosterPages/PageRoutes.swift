import Hummingbird
import RosterServer
import RosterServerCore

/// The pages a person opens in a browser: the device approval page at `/device`, and the
/// account pages its messages link to (`/account/{appId}/reset-password`, `…/confirm-email`).
/// Added to the router of a server that listens on a port (`RosterServer.open(…, additions:)`).
package struct PageRoutes: RouteAddition {
    package init() {}

    package func add(to router: Router<RosterRequestContext>, _ services: RouteServices) {
        let core = services.core
        let environment = core.environment
        let page = DevicePageController(
            approvals: core.deviceApprovals, webSignIn: core.webSignIn, tokens: core.tokens,
            randomBytes: environment.randomBytes, now: environment.now)
        router.get(RouterPath(DeviceLoginService.pagePath)) { request, context in await page.get(request, context: context) }
        router.post(RouterPath(DeviceLoginService.pagePath)) { request, context in await page.post(request, context: context) }
        // Where the page's confirmation and reset messages lead: finish on the phone too.
        let account = AccountPageController(login: core.login, emailPassword: core.emailPassword, audit: core.audit)
        for purpose in [AccountTokenRecord.Purpose.reset, .confirm] {
            let path = RouterPath(AccountPageLink.path(purpose))
            router.get(path) { request, context in await account.get(purpose, request, context: context) }
            router.post(path) { request, context in await account.post(purpose, request, context: context) }
        }
    }
}
