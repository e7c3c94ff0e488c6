import Foundation
import RosterWire

/// `oauth2-google` and `oauth2-apple`: an ID token the app got from the provider, or (Google) a
/// server auth code that Roster exchanges at the provider's token endpoint for one. Anything
/// wrong with either is AuthError saying what.
struct OpenIDProvider: Sendable {
    let verifier: IDTokenVerifier
    let http: any OutboundHTTP

    private var name: String { verifier.issuer.displayName }

    func authenticate(idToken: String) async throws(ErrorResponse) -> ProviderOutcome {
        let (subject, profile) = try await verifier.verify(idToken)
        return .identity(providerId: subject, profile: profile)
    }

    func authenticate(authCode: String) async throws(ErrorResponse) -> ProviderOutcome {
        let config = verifier.config
        guard let endpoint = config.tokenEndpoint ?? verifier.issuer.tokenEndpoint, let secret = config.clientSecret,
            let clientId = config.clientIds.first
        else { throw .authError("this app takes no \(name) auth codes: its configuration has no clientSecret") }
        guard !authCode.isEmpty, authCode.utf8.count <= 2048 else { throw .authError("the \(name) auth code is empty or too long") }
        var fields = [
            ("grant_type", "authorization_code"), ("code", authCode), ("client_id", clientId), ("client_secret", secret),
        ]
        if let redirect = config.redirectURI { fields.append(("redirect_uri", redirect)) }
        let response: OutboundResponse
        do {
            response = try await http.send(.form(endpoint, fields))
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
        return try await authenticate(idToken: idToken)
    }
}
