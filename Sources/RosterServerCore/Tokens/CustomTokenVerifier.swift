import Foundation
import JWTKit
import RosterWire

/// Checks `custom-token` JWTs against an app's keys (HS256 secrets, RS256 public keys): the
/// signature, `exp`, `nbf`, `aud` (a string or an array naming one of the configured audiences),
/// `iss` (when the app names issuers) and a non-empty `sub`; then picks the configured metadata
/// fields for the profile.
package struct CustomTokenVerifier: Sendable {
    package let config: CustomTokenConfig
    private let keys: JWTKeyCollection

    package init(config: CustomTokenConfig, appId: String) async throws {
        self.config = config
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
            claims = try await keys.verify(token, as: DocumentPayload.self, iteratingKeys: true).fields
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
            guard audiences.contains(where: config.audience.contains) else {
                throw .authError("the custom token's audience is not this app")
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

    /// A claim by dotted path (`user.name` reads `name` inside `user`).
    private static func lookup(_ path: String, in claims: JSONObject) -> JSONValue? {
        if let direct = claims[path] { return direct }
        var current: JSONValue? = .object(claims)
        for part in path.split(separator: ".") { current = current?[String(part)] }
        return current
    }
}
