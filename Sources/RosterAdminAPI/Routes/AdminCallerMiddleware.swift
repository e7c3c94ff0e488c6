import Hummingbird
import RosterServer
import RosterServerCore
import RosterWire

/// Proves the operator of the routes under `groups/{groupId}/…` from the access token, and that
/// the group is theirs, before the route runs; the route reads them from `AdminCaller.current`.
/// Without an admin token: 401 InvalidSession, as App Services answers (an app's client token
/// is not one: it is signed with another secret).
struct AdminCallerMiddleware: RouterMiddleware {
    typealias Context = RosterRequestContext
    let sessions: AdminSessions

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let caller = try await sessions.caller(accessToken: try BearerToken.value(in: request.headers))
        let group = try context.parameter("groupId")
        guard caller.groupId == group else { throw ErrorResponse.groupNotFound(group) }
        return try await AdminCaller.$current.withValue(caller) { try await next(request, context) }
    }
}

extension AdminCaller {
    /// The operator of the admin request being answered, set by `AdminCallerMiddleware`.
    @TaskLocal static var current: AdminCaller?

    /// The operator of the request; a route behind `AdminCallerMiddleware` always has one.
    static func required() throws -> AdminCaller {
        guard let current else { throw ErrorResponse.invalidSession(ErrorResponse.Text.mustAuthenticate) }
        return current
    }
}
