import JWTKit
import RosterWire

/// RosterWire's access claims as a jwt-kit payload. Expiry and `typ` are checked by
/// `TokenService` against the injected clock, not here.
package struct AccessPayload: JWTPayload {
    package var claims: AccessTokenClaims
    package init(_ claims: AccessTokenClaims) { self.claims = claims }
    package init(from decoder: any Decoder) throws { claims = try AccessTokenClaims(from: decoder) }
    package func encode(to encoder: any Encoder) throws { try claims.encode(to: encoder) }
    package func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// RosterWire's refresh claims as a jwt-kit payload.
package struct RefreshPayload: JWTPayload {
    package var claims: RefreshTokenClaims
    package init(_ claims: RefreshTokenClaims) { self.claims = claims }
    package init(from decoder: any Decoder) throws { claims = try RefreshTokenClaims(from: decoder) }
    package func encode(to encoder: any Encoder) throws { try claims.encode(to: encoder) }
    package func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Any JSON object as a payload: custom tokens carry claims the app chooses.
package struct DocumentPayload: JWTPayload {
    package var fields: JSONObject
    package init(_ fields: JSONObject) { self.fields = fields }
    package init(from decoder: any Decoder) throws {
        guard case .object(let fields) = try JSONValue(from: decoder) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the payload is not an object"))
        }
        self.fields = fields
    }
    package func encode(to encoder: any Encoder) throws { try JSONValue.object(fields).encode(to: encoder) }
    package func verify(using algorithm: some JWTAlgorithm) async throws {}
}
