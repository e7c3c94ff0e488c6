import Foundation
import Hummingbird
import RosterServerCore
import RosterWire

/// Browser sign-in: App Services' web OAuth flow starts at
/// `GET …/app/{appId}/auth/providers/oauth2-{google,apple,facebook}/login?redirect=…&state=…`
/// (with `providerRedirectHeader=true`, the provider's address in `X-Baas-Location` of a 200),
/// and every browser sign-in comes back from the provider to `GET|POST …/auth/callback`
/// (`WebSignInService`).
package enum WebSignInRoutes {
    package static func add(to router: Router<RosterRequestContext>, _ services: RouteServices) {
        router.group(RouterPath("\(Route.base)/app/:appId/auth/providers/:provider/login"))
            .add(middleware: ServedAppMiddleware(login: services.login))
            .add(middleware: EnabledProviderMiddleware(login: services.login))
            .get { request, context -> RedirectReply in
                let (app, provider) = (try context.servedApp(), try context.enabledProvider())
                let query = request.uri.queryParameters
                guard let redirect = query["redirect"].map(String.init), !redirect.isEmpty else {
                    throw ErrorResponse.missingParameter("redirect")
                }
                guard app.config.webSignIn.allows(redirect: redirect) else {
                    throw ErrorResponse.badRequest("the redirect URL is not one this app allows (webSignIn.allowedRedirectURLs)")
                }
                let clientState = query["state"].map(String.init) ?? ""
                guard clientState.utf8.count <= 512 else { throw ErrorResponse.invalidParameter("state is longer than 512 bytes") }
                try await countStart(app: app, address: context.clientAddress, services)
                let location = try await services.webSignIn.begin(
                    app: app, provider: provider,
                    purpose: .appServicesRedirect(
                        redirectURL: redirect, clientState: clientState,
                        deviceId: RedirectDevice.deviceId(query["device"].map(String.init))),
                    callbackURL: WebSignInService.callbackURL(of: app, base: context.publicBase))
                return RedirectReply(location: location, inHeader: query["providerRedirectHeader"] == "true")
            }
        let callback = RouterPath("\(Route.base)/auth/callback")
        router.get(callback) { request, context -> WebSignInReply in
            var fields: [String: String] = [:]
            for (name, value) in request.uri.queryParameters { fields[String(name)] = String(value) }
            return try await readable(for: request) { try await finish(fields, address: context.clientAddress, status: 302, services) }
        }
        // Apple comes back with a form post.
        router.post(callback) { request, context -> WebSignInReply in
            let body = try await request.collectedBody(within: context)
            let fields = FormFields.parse(String(decoding: body, as: UTF8.self))
            return try await readable(for: request) { try await finish(fields, address: context.clientAddress, status: 303, services) }
        }
    }

    /// The callback's answer; a refusal as a page (`SignInRefusalPage`) for a browser, as the
    /// usual JSON error for anything else.
    package static func readable(for request: Request, _ answer: () async throws -> WebSignInReply) async throws -> WebSignInReply {
        do {
            return try await answer()
        } catch let refusal as ErrorResponse where SignInRefusalPage.wanted(by: request) {
            return .refused(refusal)
        }
    }

    /// Counts a sign-in started from `address`; LimitWait (429) past the app's
    /// `webSignIn.startsPerAddressPerHour`, recorded as `request-limited`, before anything is kept.
    package static func countStart(app: ServedApp, address: String, _ services: RouteServices) async throws {
        let key = AttemptKey.client(scope: "web-sign-in", address: address)
        do {
            try await services.limiter.checkWait(app: app, keys: [key])
            try await services.limiter.countHourly(app: app, key: key, cap: app.config.webSignIn.startsPerAddressPerHour)
        } catch let wait as LimitWait {
            await services.audit.record(.requestLimited, appId: app.id, address: address, detail: "web-sign-in")
            throw wait
        }
    }

    /// The provider sent the person back with `fields` (`state`, and `code` or `error`): the
    /// sign-in they belong to is taken, and ends as its purpose says.
    package static func finish(_ fields: [String: String], address: String, status: Int, _ services: RouteServices) async throws -> WebSignInReply {
        let (record, purpose) = try await services.webSignIn.take(state: fields["state"])
        let app = try services.login.app(record.appId)
        guard let provider = ProviderType(rawValue: record.provider), app.config.isEnabled(provider) else {
            throw ErrorResponse.providerNotFound(record.provider)
        }
        let error = fields["error"].map { error in [error, fields["error_description"]].compactMap { $0 }.joined(separator: ": ") }
        switch purpose {
        case .appServicesRedirect(let redirectURL, let clientState, let deviceId):
            guard app.config.webSignIn.allows(redirect: redirectURL) else {
                throw ErrorResponse.badRequest("the redirect URL is not one this app allows (webSignIn.allowedRedirectURLs)")
            }
            do {
                let outcome = try await services.webSignIn.identify(record, app: app, provider: provider, code: fields["code"], error: error)
                let login = try await services.login.logIn(app: app, provider: provider, outcome: outcome, deviceId: deviceId, address: address)
                services.metrics.loggedIn(provider: provider, error: nil)
                return .redirect(
                    RedirectReply(
                        location: AppServicesRedirect.loggedIn(login, appId: app.id, redirectURL: redirectURL, clientState: clientState),
                        status: status))
            } catch let refused as ErrorResponse {
                services.metrics.loggedIn(provider: provider, error: refused)
                await services.audit.record(
                    .loginFailed, appId: app.id, provider: provider.rawValue, address: address, detail: "browser sign-in: \(refused.error.prefix(200))")
                return .redirect(
                    RedirectReply(
                        location: AppServicesRedirect.failed(refused.error, appId: app.id, redirectURL: redirectURL, clientState: clientState),
                        status: status))
            }
        case .deviceApproval(var signIn):
            // An outcome already kept is for the page to take, never a sign-in to finish.
            guard !signIn.isOutcome, let state = fields["state"] else {
                throw ErrorResponse.badRequest("this sign-in is not one this server started: start it again")
            }
            do {
                let outcome = try await services.webSignIn.identify(
                    record, app: app, provider: provider, code: fields["code"], error: error)
                guard case .identity(let providerId, let profile) = outcome else { throw ErrorResponse.authError("no identity came back") }
                signIn.signIn = DeviceSignIn(provider: provider.rawValue, providerId: providerId, profile: profile)
            } catch let refused as ErrorResponse {
                await services.audit.record(
                    .loginFailed, appId: app.id, provider: provider.rawValue, address: address,
                    detail: "device page sign-in: \(refused.error.prefix(200))")
                signIn.refusal = refused.error
            }
            try await services.webSignIn.keep(signIn, of: record, state: state)
            return .backToDevicePage(state: state)
        }
    }
}

/// How the callback answers: a redirect (App Services' flow), or, for a sign-in started on the
/// device approval page, a small page that takes the browser back there (`DevicePageReturn`).
package enum WebSignInReply: ResponseGenerator, Sendable {
    case redirect(RedirectReply)
    case backToDevicePage(state: String)
    /// The sign-in could not finish, for a browser to show.
    case refused(ErrorResponse)

    package func response(from request: Request, context: some RequestContext) -> Response {
        switch self {
        case .redirect(let redirect): redirect.response(from: request, context: context)
        case .backToDevicePage(let state): DevicePageReturn.response(state: state)
        case .refused(let refusal): SignInRefusalPage.response(refusal)
        }
    }
}

/// `application/x-www-form-urlencoded` fields (`a=1&b=x+y`); the last of a repeated name wins.
package enum FormFields {
    package static func parse(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            if parts.count == 2, !parts[0].isEmpty { fields[parts[0]] = parts[1] }
        }
        return fields
    }
}
