import Hummingbird
import RosterServer
import RosterServerCore
import RosterWire

/// `/api/admin/v3.0/auth/…`: operators' log-in (password, API key), profile, session refresh
/// and log-out. Every log-in, failed log-in and log-out is in the audit trail with the operator.
enum AdminAuthRoutes {
    static func add(to admin: RouterGroup<RosterRequestContext>, _ sessions: AdminSessions, audit: AuditTrail) {
        admin.post("auth/providers/local-userpass/login") { request, context -> RouteReply in
            let body = try WireBody.decode(AdminPasswordLoginRequest.self, from: try await request.collectedBody(within: context))
            return try await logIn(provider: "local-userpass", account: body.username, audit: audit, address: context.clientAddress) {
                try await sessions.logIn(email: body.username, password: body.password, address: context.clientAddress)
            }
        }
        admin.post("auth/providers/mongodb-cloud/login") { request, context -> RouteReply in
            let body = try WireBody.decode(AdminAPIKeyLoginRequest.self, from: try await request.collectedBody(within: context))
            return try await logIn(provider: "mongodb-cloud", account: "key \(body.username.prefix(64))", audit: audit, address: context.clientAddress) {
                try await sessions.logIn(publicKey: body.username, privateKey: body.apiKey, address: context.clientAddress)
            }
        }
        admin.get("auth/profile") { request, context -> RouteReply in
            try .json(AdminProfile(try await sessions.caller(accessToken: try BearerToken.value(in: request.headers))))
        }
        admin.post("auth/session") { request, _ -> RouteReply in
            try .json(try await sessions.refresh(try BearerToken.value(in: request.headers)), status: 201)
        }
        admin.delete("auth/session") { request, context -> RouteReply in
            if let ended = try await sessions.logOut(try BearerToken.value(in: request.headers)) {
                await audit.record(
                    .loggedOut, appId: AdminLimits.scope, userId: ended.operatorId, provider: "admin", address: context.clientAddress,
                    detail: "operator \(ended.email)")
            }
            return .noContent
        }
    }

    private static func logIn(
        provider: String, account: String, audit: AuditTrail, address: String, _ attempt: () async throws -> AdminLogin
    ) async throws -> RouteReply {
        do {
            let login = try await attempt()
            await audit.record(
                .loggedIn, appId: AdminLimits.scope, userId: login.userId, provider: provider, address: address,
                detail: "operator \(account.prefix(100))")
            return try .json(login)
        } catch let refused as ErrorResponse where refused.code == .invalidPassword {
            await audit.record(.loginFailed, appId: AdminLimits.scope, provider: provider, address: address, detail: "operator \(account.prefix(100))")
            throw refused
        }
    }
}
