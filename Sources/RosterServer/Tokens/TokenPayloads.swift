import JWTKit
import RosterWire

/// RosterWire's access claims as a jwt-kit payload. Expiry and `typ` are checked by
/// `TokenService` against the injected clock, not here.
struct AccessPayload: JWTPayload {
    var claims: AccessTokenClaims
    init(_ claims: AccessTokenClaims) { self.claims = claims }
    init(from decoder: any Decoder) throws { claims = try AccessTokenClaims(from: decoder) }
    func encode(to encoder: any Encoder) throws { try claims.encode(to: encoder) }
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// RosterWire's refresh claims as a jwt-kit payload.
struct RefreshPayload: JWTPayload {
    var claims: RefreshTokenClaims
    init(_ claims: RefreshTokenClaims) { self.claims = claims }
    init(from decoder: any Decoder) throws { claims = try RefreshTokenClaims(from: decoder) }
    func encode(to encoder: any Encoder) throws { try claims.encode(to: encoder) }
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Any JSON object as a payload: custom tokens carry claims the app chooses.
struct DocumentPayload: JWTPayload {
    var fields: [String: JSONValue]
    init(_ fields: [String: JSONValue]) { self.fields = fields }
    init(from decoder: any Decoder) throws {
        guard case .object(let fields) = try JSONValue(from: decoder) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the payload is not an object"))
        }
        self.fields = fields
    }
    func encode(to encoder: any Encoder) throws { try JSONValue.object(fields).encode(to: encoder) }
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
