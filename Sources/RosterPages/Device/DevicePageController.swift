import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RosterServer
import RosterServerCore
import RosterWire

/// The approval page at `/device`, over HTTP: GET shows the code form (`?code=` pre-fills it),
/// POST carries on from the page's state in its cookie. Every POST must repeat the cookie's
/// CSRF token; every answer is HTML that is not cached. Sign-ins end in `signedIn(_:state:)`:
/// email/password at once; Google, Apple and Facebook through a browser sign-in
/// (`DevicePageSignIn`) that comes back to GET `/device?signin=STATE`.
package struct DevicePageController: Sendable {
    package let approvals: DeviceApprovalService
    package let webSignIn: WebSignInService
    package let tokens: TokenService
    package let randomBytes: @Sendable (Int) -> [UInt8]
    package let now: @Sendable () -> Date

    package static let cookieName = "roster_device"
    /// How long the page's state lasts before a code is typed.
    package static let stateSeconds = 900

    /// What one request produced: the page, its status, and the state to keep.
    package struct Outcome {
        package var page: DevicePage
        package var status: HTTPResponse.Status = .ok
        package var state: DevicePageState
        /// Where to send the browser instead of showing the page (a provider's sign-in).
        package var redirect: String? = nil
    }

    package func get(_ request: Request, context: RosterRequestContext) async -> Response {
        if let signIn = request.uri.queryParameters.get(DevicePageSignIn.queryField) {
            return await response(await returned(signIn, cookie: request.cookies[Self.cookieName]?.value), request, context)
        }
        let state = freshState()
        let typed = String((request.uri.queryParameters.get("code") ?? "").prefix(16))
        let code = DeviceUserCode.normalized(typed).map(DeviceUserCode.shown) ?? typed
        return await response(Outcome(page: DevicePage(stage: .enterCode(code: code), csrf: state.csrf), state: state), request, context)
    }

    package func post(_ request: Request, context: RosterRequestContext) async -> Response {
        let form = await request.form(DevicePageForm.self, context: context) ?? DevicePageForm()
        let outcome: Outcome
        if let cookie = request.cookies[Self.cookieName]?.value, let state = await tokens.verifyPage(cookie),
            let csrf = form.csrf, ConstantTime.equals(csrf, state.csrf)
        {
            outcome = await act(form, state: state, address: context.clientAddress, base: context.publicBase)
        } else {
            let state = freshState()
            outcome = Outcome(
                page: DevicePage(stage: .enterCode(code: ""), csrf: state.csrf, message: .formExpired), status: .forbidden, state: state)
        }
        return await response(outcome, request, context)
    }

    /// A form of the page, from a state whose token it repeated.
    package func act(_ form: DevicePageForm, state: DevicePageState, address: String, base: PublicURL) async -> Outcome {
        let action = form.action ?? ""
        if action == "code" {
            return await typedCode(form.code ?? "", state: state, address: address)
        }
        guard let id = state.authorizationId else { return invalid(state) }
        let record: DeviceAuthorizationRecord
        do {
            record = try await approvals.open(id: id)
        } catch {
            return invalid(state)
        }
        let summary = approvals.summary(of: record)
        func page(_ message: DevicePage.Message?, status: HTTPResponse.Status = .ok) -> Outcome {
            Outcome(page: DevicePage(stage: Self.stage(state, summary), csrf: state.csrf, message: message), status: status, state: state)
        }
        let (email, password) = (form.email ?? "", form.password ?? "")
        do {
            switch action {
            case "signin":
                let signIn = try await approvals.signIn(to: record, email: email, password: password, address: address)
                return signedIn(signIn, state: state, summary: summary)
            case "register":
                let sent = try await approvals.register(
                    for: record, email: email, password: password, address: address, page: AccountPageLink(base: base))
                return page(.registered(confirmationSent: sent))
            case "forgot":
                try await approvals.sendReset(for: record, email: email, address: address, page: AccountPageLink(base: base))
                return page(.resetSent)
            case "approve":
                guard let signIn = state.signIn else { return page(.refused("Sign in first."), status: .badRequest) }
                try await approvals.approve(record, as: signIn, address: address)
                return finished(.approved, state: state)
            case "deny":
                try await approvals.deny(record, address: address)
                return finished(.denied, state: state)
            case _ where action.hasPrefix(Self.providerAction):
                guard let provider = ProviderType(rawValue: String(action.dropFirst(Self.providerAction.count))),
                    summary.browserProviders.contains(provider)
                else { return page(.refused("That sign-in is not one this app offers."), status: .badRequest) }
                try await approvals.countBrowserSignIn(for: record, address: address)
                let app = try approvals.login.app(record.appId)
                let location = try await webSignIn.begin(
                    app: app, provider: provider,
                    purpose: .deviceApproval(DevicePageSignIn(authorizationId: record.id, pageBinding: SecretDigest.hex(of: state.csrf))),
                    callbackURL: WebSignInService.callbackURL(of: app, base: base))
                var outcome = page(nil, status: .seeOther)
                outcome.redirect = location
                return outcome
            default:
                return page(.refused("That form is not one of this page's."), status: .badRequest)
            }
        } catch DeviceCodeRefusal.invalid {
            return invalid(state)
        } catch let wait as LimitWait {
            return page(.tooManyTries(seconds: wait.seconds), status: .tooManyRequests)
        } catch let error as ErrorResponse {
            switch error.code {
            case .invalidPassword: return page(.wrongCredentials, status: .unauthorized)
            case .authError where error.error.hasPrefix("confirmation required"): return page(.confirmationRequired, status: .unauthorized)
            default: return page(.refused(PageStyle.sentence(error.error)), status: .init(code: error.code?.httpStatus ?? 400))
            }
        } catch {
            return page(.refused("Something went wrong. Try again."), status: .internalServerError)
        }
    }

    /// The person is now authenticated as `signIn` (through any provider): on to approve or deny.
    package func signedIn(_ signIn: DeviceSignIn, state: DevicePageState, summary: DeviceRequestSummary) -> Outcome {
        var state = state
        state.signIn = signIn
        return Outcome(page: DevicePage(stage: Self.stage(state, summary), csrf: state.csrf), state: state)
    }

    /// The step of a code's page: sign in, or, once someone has, approve or deny.
    package static func stage(_ state: DevicePageState, _ summary: DeviceRequestSummary) -> DevicePage.Stage {
        guard let signIn = state.signIn else { return .signIn(summary) }
        return .approve(summary, signedInAs: signIn.shownName, via: signIn.browserProvider)
    }

    /// The action of a "Sign in with …" button: this, then the provider's wire name.
    package static let providerAction = "provider-"

    /// Back from a browser sign-in with its `state`: the outcome the callback kept, taken once,
    /// and only by the page that started it (its cookie's CSRF token) on the same code.
    /// Anything else shows why and signs nobody in.
    package func returned(_ signInState: String, cookie: String?) async -> Outcome {
        guard let cookie, let state = await tokens.verifyPage(cookie) else {
            let state = freshState()
            let page = DevicePage(stage: .enterCode(code: ""), csrf: state.csrf, message: .formExpired)
            return Outcome(page: page, status: .forbidden, state: state)
        }
        let taken = try? await webSignIn.take(state: DevicePageSignIn.returnKey(signInState))
        guard let id = state.authorizationId, let record = try? await approvals.open(id: id) else { return invalid(state) }
        let summary = approvals.summary(of: record)
        func refused(_ text: String) -> Outcome {
            Outcome(page: DevicePage(stage: Self.stage(state, summary), csrf: state.csrf, message: .refused(text)), status: .badRequest, state: state)
        }
        let notBack = "That sign-in did not come back here, or it was already used. Sign in again."
        guard let taken, case .deviceApproval(let signIn) = taken.purpose, signIn.isOutcome else {
            return refused(notBack)
        }
        guard signIn.isBound(to: state.csrf), signIn.authorizationId == id else {
            return refused("That sign-in was started on another page. Sign in again here.")
        }
        if let refusal = signIn.refusal {
            var state = state
            state.signIn = nil
            let page = DevicePage(stage: .signIn(summary), csrf: state.csrf, message: .refused(PageStyle.sentence(refusal)))
            return Outcome(page: page, status: .unauthorized, state: state)
        }
        guard let person = signIn.signIn else { return refused(notBack) }
        return signedIn(person, state: state, summary: summary)
    }

    private func typedCode(_ typed: String, state: DevicePageState, address: String) async -> Outcome {
        do {
            let record = try await approvals.find(typed: typed, address: address)
            var state = state
            state.authorizationId = record.id
            state.signIn = nil
            state.exp = min(Int64(record.expiresAt.timeIntervalSince1970), Int64(now().timeIntervalSince1970) + Int64(Self.stateSeconds))
            let summary = approvals.summary(of: record)
            return Outcome(page: DevicePage(stage: .signIn(summary), csrf: state.csrf), state: state)
        } catch let wait as LimitWait {
            return Outcome(
                page: DevicePage(stage: .enterCode(code: ""), csrf: state.csrf, message: .tooManyTries(seconds: wait.seconds)),
                status: .tooManyRequests, state: state)
        } catch {
            return invalid(state)
        }
    }

    /// The code form again, with the one answer for every code that cannot be used.
    private func invalid(_ state: DevicePageState) -> Outcome {
        var state = state
        state.authorizationId = nil
        state.signIn = nil
        return Outcome(page: DevicePage(stage: .enterCode(code: ""), csrf: state.csrf, message: .invalidCode), status: .badRequest, state: state)
    }

    /// Approved or denied: the state forgets the code and who signed in.
    private func finished(_ stage: DevicePage.Stage, state: DevicePageState) -> Outcome {
        var state = state
        state.authorizationId = nil
        state.signIn = nil
        return Outcome(page: DevicePage(stage: stage, csrf: state.csrf), state: state)
    }

    private func freshState() -> DevicePageState {
        DevicePageState(
            exp: Int64(now().timeIntervalSince1970) + Int64(Self.stateSeconds),
            csrf: DeviceLoginService.base64URL(randomBytes(32)))
    }

    private func response(_ outcome: Outcome, _ request: Request, _ context: RosterRequestContext) async -> Response {
        var headers = PageStyle.headers(formTargets: approvals.browserSignInOrigins)
        if let redirect = outcome.redirect { headers[.location] = redirect }
        let html = outcome.redirect == nil ? DevicePageView.render(outcome.page, base: context.publicBase) : ""
        var response = Response(status: outcome.status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
        if let value = try? await tokens.sign(page: outcome.state) {
            let secure = context.publicBase.text.hasPrefix("https://")
            response.setCookie(
                Cookie(
                    name: Self.cookieName, value: value, maxAge: Self.stateSeconds, path: DeviceLoginService.pagePath, secure: secure,
                    httpOnly: true, sameSite: .strict))
        }
        return response
    }

    package init(approvals: DeviceApprovalService, webSignIn: WebSignInService, tokens: TokenService, randomBytes: @escaping @Sendable (Int) -> [UInt8], now: @escaping @Sendable () -> Date) {
        self.approvals = approvals
        self.webSignIn = webSignIn
        self.tokens = tokens
        self.randomBytes = randomBytes
        self.now = now
    }
}
