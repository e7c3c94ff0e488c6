import Hummingbird
import RosterWire

/// The routes under `/api/client/v2.0/app/{appId}`: location, log-in, the email/password
/// account routes, function calls and where custom user data lives.
enum AppRoutes {
    static func add(to router: Router<RosterRequestContext>, _ services: RouteServices) {
        let app = "\(Route.base)/app/:appId"
        router.get("\(app)/location") { request, context in
            try await services.handle(request, context) { incoming in
                _ = try services.login.app(incoming.parameter("appId"))
                let base = incoming.baseURL
                let socket = base.replacingOccurrences(of: "https://", with: "wss://").replacingOccurrences(of: "http://", with: "ws://")
                return try .json(LocationResponse(hostname: base, wsHostname: socket))
            }
        }
        router.get("\(app)/auth/providers") { request, context in
            try await services.handle(request, context) { incoming in
                let served = try services.login.app(incoming.parameter("appId"))
                return try .json(ProviderType.allCases.filter(served.config.isEnabled).map(EnabledProvider.init))
            }
        }
        router.get("\(app)/custom-user-data") { request, context in
            try await services.handle(request, context) { incoming in
                let served = try services.login.app(incoming.parameter("appId"))
                return try .json(CustomUserDataLocation(served.config.customUserData))
            }
        }
        router.post("\(app)/functions/call") { request, context in
            try await services.handle(request, context) { incoming in
                let served = try services.login.app(incoming.parameter("appId"))
                try RouteServices.checkSize(incoming.body, app: served)
                let caller = try await services.sessions.authorize(accessToken: try incoming.bearerToken())
                guard caller.app.id == served.id else { throw ErrorResponse.invalidSession("the token is for another app") }
                return .json(try await services.functions.call(incoming.body, caller: caller))
            }
        }
        router.post("\(app)/auth/providers/:provider/login") { request, context in
            try await services.handle(request, context) { incoming in
                let served = try services.login.app(incoming.parameter("appId"))
                let provider = try services.login.provider(incoming.parameter("provider"), of: served)
                try RouteServices.checkSize(incoming.body, app: served)
                if incoming.request.uri.queryParameters.get("link") == "true" {
                    let caller = try await services.sessions.authorize(accessToken: try incoming.bearerToken())
                    guard caller.app.id == served.id else { throw ErrorResponse.invalidSession("the token is for another app") }
                    return try .json(try await services.login.link(caller: caller, provider: provider, body: incoming.body))
                }
                return try .json(try await services.login.login(
                    app: served, provider: provider, body: incoming.body, address: incoming.context.clientAddress))
            }
        }
        for route in Route.EmailPassword.allCases {
            router.post("\(app)/auth/providers/local-userpass/\(route.rawValue)") { request, context in
                try await services.handle(request, context) { incoming in
                    let served = try services.login.app(incoming.parameter("appId"))
                    _ = try services.login.provider(ProviderType.emailPassword.rawValue, of: served)
                    try RouteServices.checkSize(incoming.body, app: served)
                    let accounts = services.emailPassword
                    let limits = AccountRouteLimits(limiter: services.login.limiter, audit: services.audit)
                    return try await limits.within(route, app: served, body: incoming.body, address: incoming.context.clientAddress) {
                        switch route {
                        case .register:
                            try await accounts.register(app: served, body: incoming.body)
                            await services.audit.record(
                                .registered, appId: served.id, address: incoming.context.clientAddress,
                                detail: AccountRouteLimits.email(in: incoming.body))
                            return .created
                        case .confirm: try await accounts.confirm(app: served, body: incoming.body)
                        case .confirmSend: try await accounts.resendConfirmation(app: served, body: incoming.body)
                        case .confirmCall: try await accounts.rerunConfirmation(app: served, body: incoming.body)
                        case .resetSend: try await accounts.sendReset(app: served, body: incoming.body)
                        case .reset:
                            let email = try await accounts.reset(app: served, body: incoming.body)
                            await services.audit.record(.passwordReset, appId: served.id, address: incoming.context.clientAddress, detail: email)
                        case .resetCall:
                            if let email = try await accounts.callReset(app: served, body: incoming.body) {
                                await services.audit.record(.passwordReset, appId: served.id, address: incoming.context.clientAddress, detail: email)
                            }
                        }
                        return .noContent
                    }
                }
            }
        }
    }
}
