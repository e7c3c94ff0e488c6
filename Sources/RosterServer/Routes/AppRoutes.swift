import Hummingbird
import RosterServerCore
import RosterWire

/// The routes under `/api/client/v2.0/app/{appId}`: location, log-in, the email/password
/// account routes, function calls and where custom user data lives. `ServedAppMiddleware`
/// finds the app for all of them.
package enum AppRoutes {
    package static func add(to router: Router<RosterRequestContext>, _ services: RouteServices) {
        let app = router.group(RouterPath("\(Route.base)/app/:appId")).add(middleware: ServedAppMiddleware(login: services.login))
        app.get("location") { _, context -> RouteReply in
            try .json(LocationResponse(hostname: context.publicBase.text, wsHostname: context.publicBase.webSocketText))
        }
        app.get("auth/providers") { _, context -> RouteReply in
            let served = try context.servedApp()
            return try .json(ProviderType.allCases.filter(served.config.isEnabled).map(EnabledProvider.init))
        }
        app.get("custom-user-data") { _, context -> RouteReply in
            try .json(CustomUserDataLocation(try context.servedApp().config.customUserData))
        }
        UnservedRoutes.add(to: app, sessions: services.sessions)
        app.group("functions/call").add(middleware: SessionAuthenticator(sessions: services.sessions, token: .access))
            .post { request, context -> RouteReply in
                let call = try FunctionCall(body: try await request.collectedBody(within: context))
                return .json(try await services.functions.call(call, caller: try context.caller(), request: functionRequest(request, context)))
            }
        // A change stream (`watch`): the call in the query, the token in the header or, as
        // realm-core sends it, in `baas_at`.
        app.group("functions/call").add(middleware: SessionAuthenticator(sessions: services.sessions, token: .access, queryToken: "baas_at"))
            .get { request, context -> Response in
                let caller = try context.caller()
                let call = try ChangeStreamRequest.call(
                    fromQuery: request.uri.queryParameters.get("baas_request"), limit: caller.app.config.maxRequestBytes)
                let stream = try await services.changeStreams.open(call, caller: caller, request: functionRequest(request, context))
                // A client that leaves frees its place at once, not at the next keep-alive.
                context.clientGone?.whenGone { stream.close() }
                return EventStreamReply.response(
                    stream, stall: .seconds(caller.app.config.limits.changeStreamStallSeconds), connection: context.clientGone,
                    now: services.core.environment.now)
            }
        app.group("auth/providers/:provider/login")
            .add(middleware: EnabledProviderMiddleware(login: services.login))
            .add(middleware: SessionAuthenticator(sessions: services.sessions, token: .access, applies: SessionAuthenticator.linking))
            .post { request, context -> RouteReply in
                let (served, provider) = (try context.servedApp(), try context.enabledProvider())
                let login = try LoginRequest(provider: provider, body: try await request.collectedBody(within: context))
                if let caller = context.identity {
                    return try .json(try await services.login.link(caller: caller, provider: provider, login))
                }
                do {
                    let reply = try RouteReply.json(
                        try await services.login.login(app: served, provider: provider, login, address: context.clientAddress))
                    services.metrics.loggedIn(provider: provider, error: nil)
                    return reply
                } catch {
                    services.metrics.loggedIn(provider: provider, error: error)
                    throw error
                }
            }
        addAccountRoutes(to: app, services)
    }

    /// The client's request as functions' `context.request` and rules' `%%request` show it.
    private static func functionRequest(_ request: Request, _ context: RosterRequestContext) -> FunctionRequest {
        let headers = request.headers
        return FunctionRequest(
            remoteAddress: context.clientAddress, headers: { headers.map { ($0.name.canonicalName, $0.value) } },
            token: request.headers[.authorization].map(bearerToken), logger: context.logger,
            method: request.method.rawValue, rawQuery: request.uri.query ?? "", url: context.publicBase.text + request.uri.path)
    }

    /// An `Authorization` header's token, `Bearer ` taken off. `hasPrefix` rather than
    /// `trimmingPrefix`, which took a hundredth of a data call's processor time (perf, data find).
    private static func bearerToken(_ header: String) -> String {
        header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : header
    }

    /// The email/password account routes: registration, confirmation and password reset, each
    /// behind its limits (`AccountRouteLimits`).
    private static func addAccountRoutes(to app: RouterGroup<RosterRequestContext>, _ services: RouteServices) {
        let accounts = app.group("auth/providers/local-userpass")
            .add(middleware: EnabledProviderMiddleware(login: services.login, provider: .emailPassword))
        let (service, audit) = (services.emailPassword, services.audit)
        for route in Route.EmailPassword.allCases {
            accounts.group(RouterPath(route.rawValue))
                .add(middleware: AccountRouteLimits(route: route, limiter: services.limiter, audit: audit))
                .post { request, context -> RouteReply in
                    let (served, address) = (try context.servedApp(), context.clientAddress)
                    do {
                        return try await answer(route, request, context, app: served, address: address, service: service, audit: audit)
                    } catch let refusal as ErrorResponse {
                        if let event = AccountRefusal.event(route: route, refusal) {
                            await audit.record(event, appId: served.id, address: address, detail: refusal.errorCode)
                        }
                        throw refusal
                    }
                }
        }
    }

    /// One email/password account route's answer.
    private static func answer(
        _ route: Route.EmailPassword, _ request: Request, _ context: RosterRequestContext, app served: ServedApp, address: String?,
        service: EmailPasswordService, audit: AuditTrail
    ) async throws -> RouteReply {
        let caller = FunctionCaller.address(address ?? "unknown")
        let body = try await request.collectedBody(within: context)
        switch route {
        case .register:
            let registration = try WireBody.decode(RegisterRequest.self, from: body)
            try await service.register(app: served, registration, caller: caller)
            await audit.record(
                .registered, appId: served.id, address: address, detail: EmailPasswordProvider.normalize(registration.email))
            return .created
        case .confirm: try await service.confirm(app: served, try WireBody.decode(ConfirmRequest.self, from: body))
        case .confirmSend:
            try await service.resendConfirmation(app: served, try WireBody.decode(EmailRequest.self, from: body), caller: caller)
        case .confirmCall:
            try await service.rerunConfirmation(app: served, try WireBody.decode(EmailRequest.self, from: body), caller: caller)
        case .resetSend: try await service.sendReset(app: served, try WireBody.decode(EmailRequest.self, from: body), caller: caller)
        case .reset:
            let email = try await service.reset(app: served, try WireBody.decode(ResetPasswordRequest.self, from: body))
            await audit.record(.passwordReset, appId: served.id, address: address, detail: email)
        case .resetCall:
            let request = try WireBody.decode(ResetCallRequest.self, from: body)
            if let email = try await service.callReset(app: served, request, caller: caller) {
                await audit.record(.passwordReset, appId: served.id, address: address, detail: email)
            }
        }
        return .noContent
    }
}
