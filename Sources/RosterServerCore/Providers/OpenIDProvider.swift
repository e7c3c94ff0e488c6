import Foundation
import RosterWire

/// `oauth2-google` and `oauth2-apple`: an ID token the app got from the provider, or (Google) a
/// server auth code that Roster exchanges at the provider's token endpoint for one, or the code
/// of a browser sign-in (`WebSignInService`). Anything wrong with either is AuthError saying what.
package struct OpenIDProvider: Sendable {
    package let verifier: IDTokenVerifier
    package let http: any OutboundHTTP

    private var name: String { verifier.issuer.displayName }
    private var config: OpenIDConfig { verifier.config }

    /// Where browser sign-in sends the person.
    package var authorizationEndpoint: String { config.authorizationEndpoint ?? verifier.issuer.authorizationEndpoint }
    package var tokenEndpoint: String { config.tokenEndpoint ?? verifier.issuer.tokenEndpoint }

    package func authenticate(idToken: String) async throws(ErrorResponse) -> ProviderOutcome {
        let (subject, profile) = try await verifier.verify(idToken)
        return .identity(providerId: subject, profile: profile)
    }

    package func authenticate(authCode: String) async throws(ErrorResponse) -> ProviderOutcome {
        guard config.clientSecret != nil else {
            throw .authError("this app takes no \(name) auth codes: its configuration has no clientSecret")
        }
        var fields: [(String, String)] = []
        if let redirect = config.redirectURI { fields.append(("redirect_uri", redirect)) }
        let idToken = try await exchange(authCode, fields)
        return try await authenticate(idToken: idToken)
    }

    /// The code a browser sign-in brought back, exchanged with its PKCE verifier at the
    /// redirect URI it was issued for; the ID token must carry the sign-in's nonce.
    package func authenticate(signInCode code: String, verifier codeVerifier: String, redirectURI: String, nonce: String) async throws(ErrorResponse)
        -> ProviderOutcome
    {
        let idToken = try await exchange(code, [("redirect_uri", redirectURI), ("code_verifier", codeVerifier)])
        let (subject, profile) = try await verifier.verify(idToken, nonce: nonce)
        return .identity(providerId: subject, profile: profile)
    }

    /// The ID token the token endpoint gives for `code`.
    private func exchange(_ code: String, _ extra: [(String, String)]) async throws(ErrorResponse) -> String {
        guard let clientId = config.clientIds.first else { throw .authError("this app has no \(name) client id") }
        guard !code.isEmpty, code.utf8.count <= 2048 else { throw .authError("the \(name) auth code is empty or too long") }
        var fields = [("grant_type", "authorization_code"), ("code", code), ("client_id", clientId)]
        if let secret = config.clientSecret { fields.append(("client_secret", secret)) }
        fields += extra
        let response: OutboundResponse
        do {
            response = try await http.send(.form(tokenEndpoint, fields))
        } catch {
            throw .authError("\(name)'s token endpoint could not be reached: \(error)")
        }
        let answer = try? JSONValue(parsing: response.body)
        guard response.status == 200 else {
            let why = [answer?["error"]?.stringValue, answer?["error_description"]?.stringValue].compactMap { $0 }
                .map { String($0.prefix(200)) }.joined(separator: ": ")
            throw .authError("\(name) refused the auth code" + (why.isEmpty ? " (\(response.status))" : ": \(why)"))
        }
        guard let idToken = answer?["id_token"]?.stringValue else {
            throw .authError("\(name)'s token endpoint answered without an ID token")
        }
        return idToken
    }

    package init(verifier: IDTokenVerifier, http: any OutboundHTTP) {
        self.verifier = verifier
        self.http = http
    }
}
