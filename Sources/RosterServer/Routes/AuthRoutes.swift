import Hummingbird
import RosterWire

/// The routes under `/api/client/v2.0/auth` (no app id: the token says which app): profile,
/// session refresh and log-out, user deletion, and API keys.
enum AuthRoutes {
    static func add(to router: Router<RosterRequestContext>, _ services: RouteServices) {
        router.get(RouterPath(Route.profile)) { request, context in
            try await services.handle(request, context) { incoming in
                let caller = try await services.sessions.authorize(accessToken: try incoming.bearerToken())
                return try .json(try await services.login.profile(of: caller))
            }
        }
        router.post(RouterPath(Route.session)) { request, context in
            try await services.handle(request, context) { incoming in
                try .json(try await services.sessions.refresh(refreshToken: try incoming.bearerToken()))
            }
        }
        router.delete(RouterPath(Route.session)) { request, context in
            try await services.handle(request, context) { incoming in
                if let ended = try await services.sessions.logout(refreshToken: try incoming.bearerToken()) {
                    await services.audit.record(
                        .loggedOut, appId: ended.appId, userId: ended.userId, address: incoming.context.clientAddress)
                }
                return .noContent
            }
        }
        router.delete(RouterPath(Route.delete)) { request, context in
            try await services.handle(request, context) { incoming in
                let caller = try await services.sessions.authorize(accessToken: try incoming.bearerToken())
                _ = try await services.login.store.deleteUser(appId: caller.app.id, userId: caller.user.id)
                await services.audit.record(.userDeleted, appId: caller.app.id, userId: caller.user.id, address: incoming.context.clientAddress)
                return .noContent
            }
        }
        addAPIKeyRoutes(to: router, services)
    }

    private static func addAPIKeyRoutes(to router: Router<RosterRequestContext>, _ services: RouteServices) {
        let keys = services.apiKeys
        @Sendable func caller(_ incoming: IncomingRequest) async throws -> AuthorizedSession {
            try await services.sessions.authorize(refreshToken: try incoming.bearerToken())
        }
        router.post(RouterPath(Route.apiKeys)) { request, context in
            try await services.handle(request, context) { incoming in
                let caller = try await caller(incoming)
                try RouteServices.checkSize(incoming.body, app: caller.app)
                let created = try await keys.create(for: caller, body: incoming.body)
                await services.audit.record(
                    .apiKeyCreated, appId: caller.app.id, userId: caller.user.id, address: incoming.context.clientAddress, detail: created.id)
                return try .json(created, status: 201)
            }
        }
        router.get(RouterPath(Route.apiKeys)) { request, context in
            try await services.handle(request, context) { incoming in
                try .json(try await keys.list(for: try await caller(incoming)))
            }
        }
        router.get(RouterPath("\(Route.apiKeys)/:keyId")) { request, context in
            try await services.handle(request, context) { incoming in
                try .json(try await keys.fetch(incoming.parameter("keyId"), for: try await caller(incoming)))
            }
        }
        router.delete(RouterPath("\(Route.apiKeys)/:keyId")) { request, context in
            try await services.handle(request, context) { incoming in
                let caller = try await caller(incoming)
                try await keys.delete(incoming.parameter("keyId"), for: caller)
                await services.audit.record(
                    .apiKeyDeleted, appId: caller.app.id, userId: caller.user.id, address: incoming.context.clientAddress,
                    detail: incoming.parameter("keyId"))
                return .noContent
            }
        }
        for (action, disabled) in [("enable", false), ("disable", true)] {
            router.put(RouterPath("\(Route.apiKeys)/:keyId/\(action)")) { request, context in
                try await services.handle(request, context) { incoming in
                    let caller = try await caller(incoming)
                    try await keys.setDisabled(incoming.parameter("keyId"), disabled, for: caller)
                    await services.audit.record(
                        disabled ? .apiKeyDisabled : .apiKeyEnabled, appId: caller.app.id, userId: caller.user.id,
                        address: incoming.context.clientAddress, detail: incoming.parameter("keyId"))
                    return .noContent
                }
            }
        }
    }
}
