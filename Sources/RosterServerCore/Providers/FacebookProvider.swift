import Crypto
import Foundation
import RosterWire

/// `oauth2-facebook`: a user access token, checked at the Graph API. `debug_token` (asked with
/// the app's own token) must find it valid and issued to this app - otherwise a token some other
/// app obtained would log its user in here - and `me` gives the user's id and profile.
package struct FacebookProvider: Sendable {
    package let config: FacebookConfig
    package let http: any OutboundHTTP

    package func authenticate(accessToken: String) async throws(ErrorResponse) -> ProviderOutcome {
        guard !accessToken.isEmpty, accessToken.utf8.count <= 4096 else {
            throw .authError("the Facebook access token is empty or too long")
        }
        var graph = config.graphURL
        while graph.hasSuffix("/") { graph.removeLast() }

        let debug = try await ask(OutboundRequest(url: OutboundRequest.url(
            "\(graph)/debug_token", query: [("input_token", accessToken), ("access_token", "\(config.appId)|\(config.appSecret)")])))
        guard let data = debug["data"], data["is_valid"] == .bool(true) else {
            throw .authError("the Facebook access token is not valid")
        }
        guard data["app_id"]?.stringValue == config.appId else {
            throw .authError("the Facebook access token was issued to another app")
        }

        let me = try await ask(OutboundRequest(
            url: OutboundRequest.url(
                "\(graph)/me", query: [("fields", "id,name,email,first_name,last_name,picture"), ("appsecret_proof", proof(accessToken))]),
            headers: ["authorization": "Bearer \(accessToken)", "accept": "application/json"]))
        guard let id = me["id"]?.stringValue, !id.isEmpty, id.utf8.count <= 255 else {
            throw .authError("Facebook answered without a user id")
        }
        if let owner = data["user_id"]?.stringValue, owner != id {
            throw .authError("the Facebook access token belongs to another user")
        }
        var profile: JSONObject = [:]
        for field in ["name", "email", "first_name", "last_name"] {
            if let value = me[field]?.stringValue, !value.isEmpty { profile[field] = .string(String(value.prefix(512))) }
        }
        if let picture = me["picture"]?["data"]?["url"]?.stringValue { profile["picture_url"] = .string(String(picture.prefix(2048))) }
        return .identity(providerId: id, profile: profile)
    }

    /// The code a browser sign-in brought back, exchanged with its PKCE verifier at the
    /// redirect URI it was issued for, for an access token checked as any other.
    package func authenticate(signInCode code: String, verifier: String, redirectURI: String) async throws(ErrorResponse) -> ProviderOutcome {
        guard !code.isEmpty, code.utf8.count <= 2048 else { throw .authError("the Facebook code is empty or too long") }
        let answer = try await ask(
            .form(
                config.accessTokenEndpoint,
                [
                    ("client_id", config.appId), ("client_secret", config.appSecret), ("redirect_uri", redirectURI), ("code", code),
                    ("code_verifier", verifier),
                ]), refusal: "Facebook refused the code")
        guard let accessToken = answer["access_token"]?.stringValue else {
            throw .authError("Facebook's token endpoint answered without an access token")
        }
        return try await authenticate(accessToken: accessToken)
    }

    /// `appsecret_proof`: the token signed with the app secret, so a stolen token alone cannot
    /// make Graph calls as this app.
    private func proof(_ accessToken: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data(accessToken.utf8), using: SymmetricKey(data: Data(config.appSecret.utf8)))
        return Hex.encode(Array(mac))
    }

    /// A Graph answer as JSON; AuthError when Facebook cannot be reached or says no.
    private func ask(_ request: OutboundRequest, refusal: String = "Facebook refused the access token") async throws(ErrorResponse)
        -> JSONValue
    {
        let response: OutboundResponse
        do {
            response = try await http.send(request)
        } catch {
            throw .authError("Facebook could not be reached: \(error)")
        }
        guard let answer = try? JSONValue(parsing: response.body), answer.objectValue != nil else {
            throw .authError("Facebook's answer could not be read (\(response.status))")
        }
        guard response.status == 200 else {
            let why = answer["error"]?["message"]?.stringValue.map { ": \($0.prefix(200))" } ?? " (\(response.status))"
            throw .authError("\(refusal)\(why)")
        }
        return answer
    }

    package init(config: FacebookConfig, http: any OutboundHTTP) {
        self.config = config
        self.http = http
    }
}
