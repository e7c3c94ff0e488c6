import Foundation
import RosterServer
import RosterServerCore

/// The `link` of an error answer on the client routes of an app the database holds: the Admin
/// API's log of that app filtered by the request's id, absolute, where an operator of its group
/// reads what the request left (`GET /api/admin/v3.0/groups/{g}/apps/{a}/logs?co_id={id}`). App
/// Services linked the same log, `…/groups/{g}/apps/{a}/logs?co_id={id}`, on its own base. The
/// link holds the group's and the app's ids and the request's (the `X-Request-Id` the client was
/// answered), nothing secret; reading it takes an operator's token.
///
/// Beside the client API the log is on the client's base; on an address of its own
/// (`--admin-listen`), on that address once it is known (`AdminAPIAddress`), and with none known
/// (listening on every interface) there is no link rather than one that answers 404.
///
///     links.link(clientAppId: "kiosk-abcde", requestId: "5f844c8c", base: base)
///     // "http://127.0.0.1:8080/api/admin/v3.0/groups/65f…/apps/65f…/logs?co_id=5f844c8c"
struct AppLogLinks: RequestLogLinking {
    let versions: HostedAppVersions
    let address: AdminAPIAddress

    /// The characters a request id may have (`RequestIdMiddleware.wellFormed`), kept as they are.
    private static let plain = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:")

    func link(clientAppId: String, requestId: String, base: PublicURL) -> String? {
        guard let app = versions.app(servedAs: clientAppId),
            let logBase = address.base(besideClientAPI: base),
            let coId = requestId.addingPercentEncoding(withAllowedCharacters: Self.plain)
        else { return nil }
        return "\(logBase.text)\(AdminAPIVersion.path)/groups/\(app.groupId)/apps/\(app.id)/logs?co_id=\(coId)"
    }
}
