import Foundation
import RosterWire

/// Browser sign-in with Google, Apple and Facebook (OAuth 2.0 authorization code with PKCE):
/// `begin` keeps a fresh state, PKCE verifier and nonce and answers where to send the person;
/// `finish` takes the state the provider sent back (once, before it expires), exchanges the
/// code with the verifier and checks what comes back exactly as the ID-token (Google, Apple)
/// and access-token (Facebook) log-ins do, plus the nonce. What the identity is then used for
/// is the sign-in's `WebSignInPurpose`.
package struct WebSignInService: Sendable {
    package let store: any WebSignInStore
    package let ids: IdentifierSource
    package let now: @Sendable () -> Date

    /// The providers that sign in through a browser.
    package static let providers: Set<ProviderType> = [.google, .apple, .facebook]

    /// Where `…/auth/callback` is: the app's own setting, or under the server's public base.
    package static func callbackURL(of app: ServedApp, base: PublicURL) -> String {
        app.config.webSignIn.callbackURL ?? "\(base.text)\(Route.base)/auth/callback"
    }

    /// Starts a sign-in with `provider` for `purpose`: the provider's authorization URL to send
    /// the person to. `callbackURL` is where the provider sends them back.
    package func begin(app: ServedApp, provider: ProviderType, purpose: WebSignInPurpose, callbackURL: String) async throws -> String {
        let (state, verifier, nonce) = (ids.secret(), ids.secret(), ids.sessionId())
        let started = now()
        var query: [(String, String)] = [
            ("response_type", "code"), ("redirect_uri", callbackURL), ("state", state), ("code_challenge", PKCE.challenge(of: verifier)),
            ("code_challenge_method", "S256"),
        ]
        let endpoint: String
        switch provider {
        case .google, .apple:
            let openID = try Self.openID(app, provider)
            guard let clientId = openID.verifier.config.clientIds.first else { throw ErrorResponse.authError("this app has no client id") }
            endpoint = openID.authorizationEndpoint
            query += [("client_id", clientId), ("nonce", nonce)]
            // Apple sends the name and email only on a form post back.
            query += provider == .google ? [("scope", "openid email profile")] : [("scope", "name email"), ("response_mode", "form_post")]
        case .facebook:
            guard let facebook = app.facebook else { throw ErrorResponse.providerNotFound(provider.rawValue) }
            endpoint = facebook.config.authorizationEndpoint
            query += [("client_id", facebook.config.appId), ("scope", "email public_profile")]
        default:
            throw ErrorResponse.badRequest("'\(provider.rawValue)' has no browser sign-in: use Google, Apple or Facebook")
        }
        try await store.insertWebSignIn(
            WebSignInRecord(
                stateDigest: SecretDigest.hex(of: state), appId: app.id, provider: provider.rawValue, purpose: purpose.json,
                codeVerifier: verifier, nonce: nonce, callback: callbackURL, createdAt: started,
                expiresAt: started.addingTimeInterval(TimeInterval(app.config.webSignIn.lifetimeSeconds)), used: false),
            now: started)
        return OutboundRequest.url(endpoint, query: query)
    }

    /// The sign-in `state` names, taken: it cannot be finished a second time. BadRequest when
    /// the state is missing, unknown, used or expired.
    package func take(state: String?) async throws -> (record: WebSignInRecord, purpose: WebSignInPurpose) {
        guard let state, !state.isEmpty, state.utf8.count <= 256 else {
            throw ErrorResponse.badRequest("the sign-in came back without its state: start it again")
        }
        switch try await store.takeWebSignIn(appId: nil, stateDigest: SecretDigest.hex(of: state), now: now()) {
        case .taken(let record):
            guard let purpose = WebSignInPurpose(json: record.purpose) else { throw ErrorResponse.internalError() }
            return (record, purpose)
        case .unknown: throw ErrorResponse.badRequest("this sign-in is not one this server started: start it again")
        case .alreadyUsed: throw ErrorResponse.badRequest("this sign-in has already been used: start it again")
        case .expired: throw ErrorResponse.badRequest("this sign-in has expired: start it again")
        }
    }

    /// Keeps the outcome of the device-page sign-in `record` (taken with `state`) for the page
    /// to take, once, as `take(state: DevicePageSignIn.returnKey(state))`, within
    /// `DevicePageSignIn.returnSeconds`.
    package func keep(_ outcome: DevicePageSignIn, of record: WebSignInRecord, state: String) async throws {
        let kept = now()
        try await store.insertWebSignIn(
            WebSignInRecord(
                stateDigest: SecretDigest.hex(of: DevicePageSignIn.returnKey(state)), appId: record.appId, provider: record.provider,
                purpose: WebSignInPurpose.deviceApproval(outcome).json, codeVerifier: "", nonce: "", callback: record.callback,
                createdAt: kept, expiresAt: kept.addingTimeInterval(DevicePageSignIn.returnSeconds), used: false),
            now: kept)
    }

    /// Who the provider says signed in, from the `code` (or the `error`) it sent back for
    /// `record`: AuthError saying what went wrong otherwise.
    package func identify(_ record: WebSignInRecord, app: ServedApp, provider: ProviderType, code: String?, error: String?) async throws
        -> ProviderOutcome
    {
        let name = Self.displayName(provider)
        if let error {
            throw ErrorResponse.authError("\(name) did not sign the person in: \(String(error.prefix(200)))")
        }
        guard let code, !code.isEmpty else { throw ErrorResponse.authError("\(name) sent the person back without a code") }
        switch provider {
        case .google, .apple:
            return try await Self.openID(app, provider).authenticate(
                signInCode: code, verifier: record.codeVerifier, redirectURI: record.callback, nonce: record.nonce)
        case .facebook:
            guard let facebook = app.facebook else { throw ErrorResponse.providerNotFound(provider.rawValue) }
            return try await facebook.authenticate(signInCode: code, verifier: record.codeVerifier, redirectURI: record.callback)
        default:
            throw ErrorResponse.providerNotFound(provider.rawValue)
        }
    }

    private static func openID(_ app: ServedApp, _ provider: ProviderType) throws(ErrorResponse) -> OpenIDProvider {
        guard let openID = provider == .google ? app.google : app.apple else { throw .providerNotFound(provider.rawValue) }
        return openID
    }

    package static func displayName(_ provider: ProviderType) -> String {
        switch provider {
        case .google: "Google"
        case .apple: "Apple"
        case .facebook: "Facebook"
        default: provider.rawValue
        }
    }

    package init(store: any WebSignInStore, ids: IdentifierSource, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.ids = ids
        self.now = now
    }
}
