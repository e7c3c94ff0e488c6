import Crypto
import Foundation
import Hummingbird
import NIOCore
import RosterWire

/// The stand-in's browser sign-in: an authorization page that signs in a test user, and the
/// code exchange that checks what a real provider checks.
///
///     GET  /authorize/google?client_id=…&redirect_uri=…&state=…&code_challenge=…&code_challenge_method=S256&nonce=…
///     POST /authorize/google   subject=…&email=…&name=… (or deny=1) → 303 redirect_uri?code=…&state=…
///     POST /token              grant_type=authorization_code&code=…&client_id=…&client_secret=…&redirect_uri=…&code_verifier=…
extension IdentityProviderStandIn {
    /// What the token endpoints answer instead of a token.
    public enum TokenFault: Sendable, Equatable {
        /// An OAuth error answer (`{"error": code}`) with this status.
        case error(status: Int, code: String)
        /// No answer for this long (longer than the server waits).
        case silence(seconds: Int)

        func answer() async throws -> Response {
            switch self {
            case .error(let status, let code):
                return State.json(
                    JSONValue.object(["error": .string(code), "error_description": "the stand-in was told to refuse"]).compactText,
                    status: .init(code: status))
            case .silence(let seconds):
                try? await Task.sleep(for: .seconds(seconds))
                return State.json(#"{"error":"too_late"}"#, status: .gatewayTimeout)
            }
        }
    }

    /// A code the sign-in page gave out: whom for, and what the exchange must show.
    struct SignIn: Sendable {
        let provider: String
        let clientId: String
        let redirectURI: String
        let challenge: String
        let nonce: String?
        let subject: String
        let profile: JSONObject
    }

    /// The issuer each provider's ID tokens name.
    static func issuer(of provider: String) -> String {
        provider == "apple" ? "https://appleid.apple.com" : "https://accounts.google.com"
    }
}

extension IdentityProviderStandIn.State {
    public func setClaimOverrides(_ claims: JSONObject) { claimOverrides = claims }
    public func setTokenFault(_ fault: IdentityProviderStandIn.TokenFault?) { tokenFault = fault }
    /// The clock the sign-in page's ID tokens are issued by (the server's, in tests that move it).
    public func setClock(_ clock: @escaping @Sendable () -> Date) { self.clock = clock }

    func fault() -> IdentityProviderStandIn.TokenFault? { tokenFault }

    private func clientId(of provider: String) -> String {
        provider == "facebook" ? IdentityProviderStandIn.facebookAppId : IdentityProviderStandIn.clientId
    }

    /// The sign-in form, or a plain 400 page for a request no provider would serve.
    func authorizationPage(provider: String, _ fields: [String: String]) -> Response {
        note("/authorize")
        guard ["google", "apple", "facebook"].contains(provider) else { return Self.page("unknown provider", status: .notFound) }
        guard fields["response_type"] == "code", fields["client_id"] == clientId(of: provider) else {
            return Self.page("invalid_client: this client is not known here", status: .badRequest)
        }
        guard let redirect = fields["redirect_uri"], URL(string: redirect)?.scheme?.hasPrefix("http") == true else {
            return Self.page("invalid_request: redirect_uri", status: .badRequest)
        }
        guard fields["code_challenge_method"] == "S256", let challenge = fields["code_challenge"], challenge.count == 43 else {
            return Self.page("invalid_request: PKCE (S256) is required", status: .badRequest)
        }
        guard let state = fields["state"], !state.isEmpty else { return Self.page("invalid_request: state", status: .badRequest) }
        if provider != "facebook", fields["nonce"]?.isEmpty ?? true { return Self.page("invalid_request: nonce", status: .badRequest) }
        let carried = ["client_id", "redirect_uri", "state", "code_challenge", "nonce", "response_mode", "scope"]
        let hidden = carried.compactMap { name in
            fields[name].map { #"<input type="hidden" name="\#(name)" value="\#(Self.escape($0))">"# }
        }.joined(separator: "\n")
        return Self.page(
            """
            <h1>Sign in to the \(Self.escape(provider)) stand-in</h1>
            <form method="post" action="/authorize/\(Self.escape(provider))">
            \(hidden)
            <label>Subject <input name="subject" value="test-user-1"></label>
            <label>Email <input name="email" value="test-user-1@example.com"></label>
            <label>Name <input name="name" value="Test User"></label>
            <button type="submit">Sign in</button>
            <button type="submit" name="deny" value="1">Cancel</button>
            </form>
            """)
    }

    /// The form sent: a code for the test user, back to the redirect URI (or `error=access_denied`).
    func signIn(provider: String, _ fields: [String: String]) -> Response {
        note("/authorize")
        guard let redirect = fields["redirect_uri"], let state = fields["state"], let challenge = fields["code_challenge"],
            fields["client_id"] == clientId(of: provider)
        else { return Self.page("invalid_request", status: .badRequest) }
        var answer = [("state", state)]
        if fields["deny"] != nil {
            answer.insert(("error", "access_denied"), at: 0)
        } else {
            issued += 1
            let code = "stand-in-code-\(issued)-\(UUID().uuidString)"
            let subject = fields["subject"] ?? "test-user-1"
            var profile: JSONObject = [:]
            for name in ["email", "name"] { if let value = fields[name], !value.isEmpty { profile[name] = .string(value) } }
            signIns[code] = IdentityProviderStandIn.SignIn(
                provider: provider, clientId: fields["client_id"] ?? "", redirectURI: redirect, challenge: challenge,
                nonce: fields["nonce"], subject: subject, profile: profile)
            answer.insert(("code", code), at: 0)
        }
        if fields["response_mode"] == "form_post" {
            // As Apple: a form the browser posts to the redirect URI.
            let inputs = answer.map { #"<input type="hidden" name="\#($0.0)" value="\#(Self.escape($0.1))">"# }.joined()
            return Self.page(#"<form method="post" action="\#(Self.escape(redirect))">\#(inputs)<button>Continue</button></form>"#)
        }
        let query = answer.map { "\($0.0)=\(Self.encoded($0.1))" }.joined(separator: "&")
        return Response(status: .seeOther, headers: [.location: redirect + (redirect.contains("?") ? "&" : "?") + query])
    }

    /// Checks a sign-in code's exchange as a provider does; the code is good once.
    private enum Checked {
        case success(IdentityProviderStandIn.SignIn)
        case failure(Response)
    }

    private func checkedSignIn(_ fields: [String: String], clientId: String, secret: String) -> Checked {
        guard fields["client_id"] == clientId, fields["client_secret"] == secret else {
            return .failure(Self.json(#"{"error":"invalid_client"}"#, status: .unauthorized))
        }
        guard let code = fields["code"], let signIn = signIns.removeValue(forKey: code) else {
            return .failure(Self.json(#"{"error":"invalid_grant","error_description":"unknown or used code"}"#, status: .badRequest))
        }
        guard fields["redirect_uri"] == signIn.redirectURI else {
            return .failure(Self.json(#"{"error":"invalid_grant","error_description":"redirect_uri differs"}"#, status: .badRequest))
        }
        guard let verifier = fields["code_verifier"], Self.challenge(of: verifier) == signIn.challenge else {
            return .failure(Self.json(#"{"error":"invalid_grant","error_description":"code_verifier does not match"}"#, status: .badRequest))
        }
        return .success(signIn)
    }

    /// `/token` for a sign-in page's code: an ID token for its user, with its nonce.
    func exchangeSignIn(_ fields: [String: String]) async -> Response {
        guard fields["grant_type"] == "authorization_code" else { return Self.json(#"{"error":"unsupported_grant_type"}"#, status: .badRequest) }
        let signIn: IdentityProviderStandIn.SignIn
        switch checkedSignIn(fields, clientId: IdentityProviderStandIn.clientId, secret: IdentityProviderStandIn.clientSecret) {
        case .failure(let refusal): return refusal
        case .success(let found): signIn = found
        }
        var extra = signIn.profile
        if let nonce = signIn.nonce { extra["nonce"] = .string(nonce) }
        var claims = IdentityProviderStandIn.claims(
            subject: signIn.subject, issuer: IdentityProviderStandIn.issuer(of: signIn.provider), audience: signIn.clientId, now: clock(),
            extra: extra)
        claims.merge(claimOverrides) { _, new in new }
        guard let idToken = try? await sign(claims, rsa: false, kid: nil) else { return Self.json(#"{"error":"server_error"}"#, status: .internalServerError) }
        return Self.json(JSONValue.object(["access_token": "stand-in-access", "id_token": .string(idToken), "expires_in": 3599]).compactText)
    }

    /// `/oauth/access_token` (Facebook): an access token for the sign-in's user, known to `/me`.
    func exchangeFacebook(_ fields: [String: String]) -> Response {
        note("/oauth/access_token")
        let signIn: IdentityProviderStandIn.SignIn
        switch checkedSignIn(fields, clientId: IdentityProviderStandIn.facebookAppId, secret: IdentityProviderStandIn.facebookAppSecret) {
        case .failure(let refusal): return refusal
        case .success(let found): signIn = found
        }
        let token = "stand-in-facebook-\(UUID().uuidString)"
        var profile = signIn.profile
        profile["id"] = .string(signIn.subject)
        issueFacebookToken(token, profile: profile)
        return Self.json(JSONValue.object(["access_token": .string(token), "token_type": "bearer", "expires_in": 5183944]).compactText)
    }

    static func challenge(of verifier: String) -> String {
        base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    static func page(_ body: String, status: HTTPResponse.Status = .ok) -> Response {
        let html = "<!doctype html><html><head><meta charset=\"utf-8\"><title>Stand-in sign-in</title></head><body>\(body)</body></html>"
        return Response(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? ""
    }
}

/// `application/x-www-form-urlencoded` fields.
enum Form {
    static func parse(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }
}
