import Foundation
import JWTKit
import RosterWire

/// Makes custom-token JWTs the way an app's own identity system would, with the app's first
/// custom-token key that can sign (an HS256 secret or an RS256 private key). For tests and
/// `roster-server admin mint-jwt`.
package enum CustomTokenMinter {
    package enum Failure: Error, CustomStringConvertible {
        case noSigningKey(appId: String)
        package var description: String {
            switch self {
            case .noSigningKey(let appId):
                "app '\(appId)' has no custom-token key that can sign (an HS256 secret or an RS256 privateKey)"
            }
        }
    }

    package static func mint(
        config: AppConfig, subject: String, claims: JSONObject, lifetime: TimeInterval, now: Date
    ) async throws -> String {
        guard let customToken = config.providers.customToken,
            let key = customToken.keys.first(where: { $0.secret != nil || $0.privateKey != nil })
        else { throw Failure.noSigningKey(appId: config.appId) }
        let keys = JWTKeyCollection()
        let kid = key.kid.map { JWKIdentifier(string: $0) }
        if let secret = key.secret, key.algorithm == .hs256 {
            await keys.add(hmac: HMACKey(from: Array(secret.utf8)), digestAlgorithm: .sha256, kid: kid)
        } else if let pem = key.privateKey {
            await keys.add(rsa: try Insecure.RSA.PrivateKey(pem: pem), digestAlgorithm: .sha256, kid: kid)
        } else {
            throw Failure.noSigningKey(appId: config.appId)
        }
        var fields = claims
        let issued = Int64(now.timeIntervalSince1970)
        fields["sub"] = .string(subject)
        fields["iat"] = .int(issued)
        fields["exp"] = .int(issued + Int64(lifetime))
        if fields["aud"] == nil, let audience = customToken.audience.first { fields["aud"] = .string(audience) }
        return try await keys.sign(DocumentPayload(fields), kid: kid)
    }
}
