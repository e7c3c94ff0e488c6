import Hummingbird
import RosterServerCore
import RosterWire

/// The routes under `/api/client/v2.0/auth` (no app id: the token says which app): profile,
/// session refresh and log-out, user deletion, and API keys. A `SessionAuthenticator` proves
/// the caller of all but the session routes, which hand their refresh token to `SessionService`.
package enum AuthRoutes {
    package static func add(to router: Router<RosterRequestContext>, _ services: RouteServices) {
        let (tokens, apps) = (services.sessions.tokens, services.sessions.apps)
        router.post(RouterPath(Route.session)) { request, context -> RouteReply in
            do {
                try await RequestOriginCheck.require(
                    request, sessionToken: { () async throws(ErrorResponse) in try await tokens.verifyRefresh(try BearerToken.value(in: request.headers)) },
                    apps: apps, context: context)
                let reply = RouteReply.json(
                    try await services.sessions.refresh(refreshToken: try BearerToken.value(in: request.headers), from: context.clientAddress)
                        .document)
                services.metrics.refreshed(error: nil)
                return reply
            } catch {
                services.metrics.refreshed(error: error)
                throw error
            }
        }
        router.delete(RouterPath(Route.session)) { request, context -> RouteReply in
            try await RequestOriginCheck.require(
                request, sessionToken: { () async throws(ErrorResponse) in try await tokens.verifySessionEnding(try BearerToken.value(in: request.headers)) },
                apps: apps, context: context)
            if let ended = try await services.sessions.logout(refreshToken: try BearerToken.value(in: request.headers)) {
                await services.audit.record(.loggedOut, appId: ended.appId, userId: ended.userId, address: context.clientAddress)
            }
            return .noContent
        }
        let accessed = router.group().add(middleware: SessionAuthenticator(sessions: services.sessions, token: .access))
        accessed.get(RouterPath(Route.profile)) { _, context -> RouteReply in
            try .json(try await services.login.profile(of: try context.caller()))
        }
        accessed.delete(RouterPath(Route.delete)) { _, context -> RouteReply in
            try await services.accounts.delete(try context.caller(), address: context.clientAddress)
            return .noContent
        }
        addAPIKeyRoutes(to: router.group().add(middleware: SessionAuthenticator(sessions: services.sessions, token: .refresh)), services)
    }

    /// The API-key routes, managed with the refresh token.
    private static func addAPIKeyRoutes(to keys: RouterGroup<RosterRequestContext>, _ services: RouteServices) {
        let (service, audit) = (services.apiKeys, services.audit)
        keys.post(RouterPath(Route.apiKeys)) { request, context -> RouteReply in
            let caller = try context.caller()
            let named = try WireBody.decode(CreateAPIKeyRequest.self, from: try await request.collectedBody(within: context))
            let created = try await service.create(for: caller, named)
            await audit.record(.apiKeyCreated, appId: caller.app.id, userId: caller.user.id, address: context.clientAddress, detail: created.id)
            return try .json(created, status: 201)
        }
        keys.get(RouterPath(Route.apiKeys)) { _, context -> RouteReply in
            try .json(try await service.list(for: try context.caller()))
        }
        keys.get(RouterPath("\(Route.apiKeys)/:keyId")) { _, context -> RouteReply in
            try .json(try await service.fetch(context.parameter("keyId"), for: try context.caller()))
        }
        keys.delete(RouterPath("\(Route.apiKeys)/:keyId")) { _, context -> RouteReply in
            let (caller, keyId) = (try context.caller(), context.parameter("keyId"))
            try await service.delete(keyId, for: caller)
            await audit.record(.apiKeyDeleted, appId: caller.app.id, userId: caller.user.id, address: context.clientAddress, detail: keyId)
            return .noContent
        }
        for (action, disabled) in [("enable", false), ("disable", true)] {
            keys.put(RouterPath("\(Route.apiKeys)/:keyId/\(action)")) { _, context -> RouteReply in
                let (caller, keyId) = (try context.caller(), context.parameter("keyId"))
                try await service.setDisabled(keyId, disabled, for: caller)
                await audit.record(
                    disabled ? .apiKeyDisabled : .apiKeyEnabled, appId: caller.app.id, userId: caller.user.id,
                    address: context.clientAddress, detail: keyId)
                return .noContent
            }
        }
    }
}
