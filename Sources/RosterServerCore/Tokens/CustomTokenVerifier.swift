import Foundation
import JWTKit
import RosterWire

/// Checks `custom-token` JWTs against an app's keys (HS256 secrets, RS256 public keys): the
/// signature, `exp`, `nbf`, `aud` (a string or an array naming one of the configured audiences),
/// `iss` (when the app names issuers) and a non-empty `sub`; then picks the configured metadata
/// fields for the profile. With a JWK URI, the token's `kid` picks its key from the key set
/// published there, and only RS256 is taken.
package struct CustomTokenVerifier: Sendable {
    package let config: CustomTokenConfig
    private let keys: JWTKeyCollection
    private let keySet: KeySet?

    package init(
        config: CustomTokenConfig, appId: String, http: any OutboundHTTP, now: @escaping @Sendable () -> Date
    ) async throws {
        self.config = config
        keySet = config.jwkURI.map { KeySet(source: .url($0), providerName: "the custom-token provider's JWK URI", http: http, now: now) }
        keys = JWTKeyCollection()
        // Keys without a kid get a made-up one, so every key is tried (the first is the default).
        for (index, key) in config.keys.enumerated() {
            let kid = JWKIdentifier(string: key.kid ?? "roster-key-\(index)")
            switch key.algorithm {
            case .hs256:
                guard let secret = key.secret, secret.utf8.count >= 32 else {
                    throw AppConfigError.invalid(path: appId, reason: "a custom-token HS256 key needs a 32+ byte secret")
                }
                await keys.add(hmac: HMACKey(from: Array(secret.utf8)), digestAlgorithm: .sha256, kid: kid)
            case .rs256:
                do {
                    if let pem = key.publicKey {
                        await keys.add(rsa: try Insecure.RSA.PublicKey(pem: pem), digestAlgorithm: .sha256, kid: kid)
                    } else if let pem = key.privateKey {
                        await keys.add(rsa: try Insecure.RSA.PrivateKey(pem: pem), digestAlgorithm: .sha256, kid: kid)
                    }
                } catch {
                    throw AppConfigError.invalid(path: appId, reason: "a custom-token RS256 key is not a valid RSA PEM")
                }
            }
        }
    }

    /// The external id (`sub`) and profile fields of a valid token; AuthError otherwise.
    package func verify(_ token: String, now: Date) async throws(ErrorResponse) -> (subject: String, profile: JSONObject) {
        let claims: JSONObject
        do {
            if let keySet {
                let published = try await keySet.keys(holding: try Self.publishedKeyId(of: token))
                claims = try await published.verify(token, as: DocumentPayload.self).fields
            } else {
                claims = try await keys.verify(token, as: DocumentPayload.self, iteratingKeys: true).fields
            }
        } catch let refusal as ErrorResponse {
            throw refusal
        } catch {
            throw .authError("the custom token's signature is not valid for this app")
        }
        guard let exp = claims["exp"]?.numberValue else { throw .authError("the custom token has no 'exp'") }
        guard exp > now.timeIntervalSince1970 else { throw .authError("the custom token has expired") }
        if let notBefore = claims["nbf"]?.numberValue, notBefore > now.timeIntervalSince1970 + IDTokenVerifier.clockLeeway {
            throw .authError("the custom token is not valid yet")
        }
        if !config.issuers.isEmpty {
            guard let issuer = claims["iss"]?.stringValue, config.issuers.contains(issuer) else {
                throw .authError("the custom token's issuer is not one this app accepts")
            }
        }
        if !config.audience.isEmpty {
            let audiences: [String]
            switch claims["aud"] {
            case .string(let one): audiences = [one]
            case .array(let many): audiences = many.compactMap(\.stringValue)
            default: audiences = []
            }
            if config.requireAllAudiences {
                guard config.audience.allSatisfy(audiences.contains) else {
                    throw .authError("the custom token does not name every audience this app requires")
                }
            } else {
                guard audiences.contains(where: config.audience.contains) else {
                    throw .authError("the custom token's audience is not this app")
                }
            }
        }
        guard let subject = claims["sub"]?.stringValue, !subject.isEmpty else {
            throw .authError("the custom token has no 'sub'")
        }
        var profile: JSONObject = [:]
        for field in config.metadataFields {
            if let value = Self.lookup(field.name, in: claims), !value.isNull {
                profile[field.fieldName] = value
            } else if field.required {
                throw .authError("the custom token lacks the required metadata field '\(field.name)'")
            }
        }
        return (subject, profile)
    }

    /// The `kid` of an RS256 token, which picks its key from a published key set: a token
    /// signed otherwise could pass off the set's public key as a shared secret.
    private static func publishedKeyId(of token: String) throws(ErrorResponse) -> String {
        guard let header = try? UnverifiedJWT.headerDocument(of: token) else { throw .authError("the custom token is not a JWT") }
        guard header["alg"]?.stringValue == "RS256" else {
            throw .authError("the custom token is not signed with RS256, which keys from a JWK URI verify")
        }
        guard let kid = header["kid"]?.stringValue, !kid.isEmpty else { throw .authError("the custom token names no key id (kid)") }
        return kid
    }

    /// A claim by dotted path (`user.name` reads `name` inside `user`).
    private static func lookup(_ path: String, in claims: JSONObject) -> JSONValue? {
        if let direct = claims[path] { return direct }
        var current: JSONValue? = .object(claims)
        for part in path.split(separator: ".") { current = current?[String(part)] }
        return current
    }
}
