import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RosterServer
import RosterServerCore
import RosterWire

/// The account pages a confirmation or reset message links to (`AccountPageLink`), so that a
/// person who asked on their phone finishes there: GET `/account/{appId}/reset-password` or
/// `/confirm-email` with the message's `token` and `tokenId` shows the form (only while the
/// token can be used), and POST does what the App Services routes `reset` and `confirm` do.
/// The token is the credential, as on those routes: no cookie, nothing for another site to
/// forge. Wrong tokens count against the client address with the routes' own (429 past it).
///
///     router.get("/account/:appId/reset-password") { request, context in await page.get(.reset, request, context: context) }
package struct AccountPageController: Sendable {
    package let login: LoginService
    package let emailPassword: EmailPasswordService
    package let audit: AuditTrail

    package func get(_ purpose: AccountTokenRecord.Purpose, _ request: Request, context: RosterRequestContext) async -> Response {
        let query = request.uri.queryParameters
        let link = Link(
            appId: context.parameters.get("appId") ?? "", token: String(query.get("token") ?? ""),
            tokenId: String(query.get("tokenId") ?? ""))
        return render(await show(purpose, link, address: context.clientAddress), purpose: purpose, base: context.publicBase)
    }

    package func post(_ purpose: AccountTokenRecord.Purpose, _ request: Request, context: RosterRequestContext) async -> Response {
        let form = await request.form(AccountPageForm.self, context: context) ?? AccountPageForm()
        let link = Link(appId: context.parameters.get("appId") ?? "", token: form.token ?? "", tokenId: form.tokenId ?? "")
        return render(await act(purpose, link, form: form, address: context.clientAddress), purpose: purpose, base: context.publicBase)
    }

    /// A message's link: its app, token and token id.
    package struct Link: Sendable {
        package var appId: String
        package var token: String
        package var tokenId: String
    }

    /// What one request produced: the page and its status.
    package struct Outcome: Equatable {
        package var page: AccountPage
        package var status: HTTPResponse.Status = .ok
    }

    /// The form for the link's token, while it can be used.
    package func show(_ purpose: AccountTokenRecord.Purpose, _ link: Link, address: String) async -> Outcome {
        await attempt(link, address: address) { app in
            let email = try await emailPassword.email(holding: link.token, tokenId: link.tokenId, for: purpose, app: app)
            return Outcome(page: page(purpose == .reset ? .setPassword(email: email) : .confirmEmail(email: email), link))
        }
    }

    /// The form sent: the new password set (every other session ended, as the reset route does),
    /// or the email confirmed.
    package func act(_ purpose: AccountTokenRecord.Purpose, _ link: Link, form: AccountPageForm, address: String) async -> Outcome {
        await attempt(link, address: address) { app in
            switch purpose {
            case .reset:
                // The form again, for the token's email, saying why.
                func again(_ message: String) async throws -> Outcome {
                    let email = try await emailPassword.email(holding: link.token, tokenId: link.tokenId, for: .reset, app: app)
                    return Outcome(page: page(.setPassword(email: email), link, message: message), status: .badRequest)
                }
                let password = form.password ?? ""
                guard password == form.again ?? "" else { return try await again("The two passwords differ.") }
                let email: String
                do {
                    email = try await emailPassword.reset(
                        app: app, ResetPasswordRequest(password: password, token: link.token, tokenId: link.tokenId))
                } catch let error as ErrorResponse where !AccountRouteLimits.isWrongToken(error) && error.code == .badRequest {
                    // The app's password policy, said as it is.
                    return try await again(PageStyle.sentence(error.error))
                }
                await audit.record(.passwordReset, appId: app.id, address: address, detail: email)
                return Outcome(page: page(.passwordSet, link))
            case .confirm:
                do {
                    try await emailPassword.confirm(app: app, ConfirmRequest(token: link.token, tokenId: link.tokenId))
                } catch let error as ErrorResponse where error.code == .userAlreadyConfirmed {
                    // Confirmed already (by this link or another): the person's goal is met.
                }
                return Outcome(page: page(.emailConfirmed, link))
            }
        }
    }

    /// Runs `body` for the link's app behind the wrong-token limit, and turns what it throws
    /// into the page's words: one for every wrong link, a wait, or "not now".
    private func attempt(_ link: Link, address: String, _ body: (ServedApp) async throws -> Outcome) async -> Outcome {
        guard let app = try? login.app(link.appId), (try? login.provider(ProviderType.emailPassword.rawValue, of: app)) != nil else {
            return Outcome(page: page(.invalidLink, link), status: .notFound)
        }
        do {
            return try await AccountRouteLimits.countingWrongTokens(app: app, address: address, limiter: login.limiter) {
                try await body(app)
            }
        } catch let wait as LimitWait {
            await audit.record(.requestLimited, appId: app.id, address: address, detail: "account page")
            return Outcome(page: page(.tooManyTries(seconds: wait.seconds), link), status: .tooManyRequests)
        } catch is ErrorResponse {
            // A wrong token above all; whatever else the service refuses, the link cannot do.
            return Outcome(page: page(.invalidLink, link), status: .badRequest)
        } catch {
            return Outcome(page: page(.unavailable, link), status: .serviceUnavailable)
        }
    }

    /// A page for `link`; a link that is not good carries nothing of it back.
    private func page(_ stage: AccountPage.Stage, _ link: Link, message: String? = nil) -> AccountPage {
        switch stage {
        case .setPassword, .confirmEmail:
            AccountPage(stage: stage, appId: link.appId, token: link.token, tokenId: link.tokenId, message: message)
        default:
            AccountPage(stage: stage, appId: link.appId, token: "", tokenId: "")
        }
    }

    private func render(_ outcome: Outcome, purpose: AccountTokenRecord.Purpose, base: PublicURL) -> Response {
        let html = AccountPageView.render(outcome.page, purpose: purpose, base: base)
        return Response(status: outcome.status, headers: PageStyle.headers(), body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    package init(login: LoginService, emailPassword: EmailPasswordService, audit: AuditTrail) {
        self.login = login
        self.emailPassword = emailPassword
        self.audit = audit
    }
}
