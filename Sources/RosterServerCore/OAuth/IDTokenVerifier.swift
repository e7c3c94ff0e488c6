import Foundation
import JWTKit
import RosterWire

/// Checks an OpenID Connect ID token: a key id that is in the provider's key set, an algorithm
/// providers sign with, the signature, the issuer, the audience (one of the app's client ids)
/// and the expiry. Then the subject is the identity and the standard claims fill the profile.
package struct IDTokenVerifier: Sendable {
    /// How far a token's `nbf` may lie ahead of this server's clock (clocks disagree a little),
    /// for ID tokens and custom tokens alike.
    package static let clockLeeway: TimeInterval = 60

    package let issuer: OpenIDIssuer
    package let config: OpenIDConfig
    package let keySet: KeySet
    package let now: @Sendable () -> Date

    /// RSA and elliptic-curve signatures; never `none` or a shared secret, which anyone holding
    /// the (public) key set could forge.
    package static let algorithms: Set<String> = ["RS256", "RS384", "RS512", "ES256", "ES384"]

    package init(issuer: OpenIDIssuer, config: OpenIDConfig, http: any OutboundHTTP, now: @escaping @Sendable () -> Date) {
        self.issuer = issuer
        self.config = config
        let source: KeySet.Source = config.jwksFile.map { .file($0) } ?? .url(config.jwksURL ?? issuer.jwksURL)
        keySet = KeySet(source: source, providerName: issuer.displayName, http: http, now: now)
        self.now = now
    }

    package var issuers: [String] { config.issuers ?? issuer.issuers }

    /// The subject and profile of a valid token; AuthError saying what is wrong otherwise. With a
    /// `nonce` (browser sign-in), the token must carry exactly it.
    package func verify(_ token: String, nonce: String? = nil) async throws(ErrorResponse) -> (subject: String, profile: JSONObject) {
        let name = issuer.displayName
        guard let header = try? UnverifiedJWT.headerDocument(of: token) else { throw .authError("the \(name) ID token is not a JWT") }
        guard let algorithm = header["alg"]?.stringValue, Self.algorithms.contains(algorithm) else {
            throw .authError("the \(name) ID token is not signed with an algorithm \(name) uses")
        }
        guard let kid = header["kid"]?.stringValue, !kid.isEmpty else { throw .authError("the \(name) ID token names no key id") }
        let keys = try await keySet.keys(holding: kid)
        let claims: JSONObject
        do {
            claims = try await keys.verify(token, as: DocumentPayload.self).fields
        } catch {
            throw .authError("the \(name) ID token's signature is not valid")
        }
        guard let exp = claims["exp"]?.numberValue else { throw .authError("the \(name) ID token has no expiry") }
        guard exp > now().timeIntervalSince1970 else { throw .authError("the \(name) ID token has expired") }
        if let notBefore = claims["nbf"]?.numberValue, notBefore > now().timeIntervalSince1970 + Self.clockLeeway {
            throw .authError("the \(name) ID token is not valid yet")
        }
        guard let iss = claims["iss"]?.stringValue, issuers.contains(iss) else {
            throw .authError("the \(name) ID token was not issued by \(name)")
        }
        let audiences: [String] =
            switch claims["aud"] {
            case .string(let one): [one]
            case .array(let many): many.compactMap(\.stringValue)
            default: []
            }
        guard audiences.contains(where: config.clientIds.contains) else {
            throw .authError("the \(name) ID token was issued to another app")
        }
        if let nonce, claims["nonce"]?.stringValue.map({ ConstantTime.equals($0, nonce) }) != true {
            throw .authError("the \(name) ID token was not issued for this sign-in (its nonce differs)")
        }
        if let domains = config.hostedDomains {
            guard let domain = claims["hd"]?.stringValue, domains.contains(where: { $0.caseInsensitiveCompare(domain) == .orderedSame }) else {
                throw .authError("the \(name) account is not of a domain this app accepts")
            }
        }
        guard let subject = claims["sub"]?.stringValue, !subject.isEmpty, subject.utf8.count <= 255 else {
            throw .authError("the \(name) ID token has no subject")
        }
        return (subject, Self.profile(of: claims))
    }

    /// Standard claims in the profile's names.
    package static func profile(of claims: JSONObject) -> JSONObject {
        let names = ["name": "name", "email": "email", "picture": "picture_url", "given_name": "first_name", "family_name": "last_name"]
        var profile: JSONObject = [:]
        for (claim, field) in names {
            if let value = claims[claim]?.stringValue, !value.isEmpty { profile[field] = .string(String(value.prefix(512))) }
        }
        return profile
    }
}
