import Foundation
import Testing

@testable import RosterWire

@Suite("Token payloads are readable without the signature")
struct TokenClaimsTests {
    func jwt(_ payload: String) -> String {
        let encoded = Data(payload.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return "eyJhbGciOiJIUzI1NiJ9.\(encoded).c2ln"
    }

    @Test func readsAccessClaimsWithUserData() throws {
        let token = jwt(#"{"sub":"u1","iat":100,"exp":1900,"typ":"access","sid":"s1","user_data":{"team":"core","score":{"$numberDouble":"2.0"}}}"#)
        let claims = try UnverifiedJWT.claims(AccessTokenClaims.self, of: token)
        #expect(claims.sub == "u1" && claims.exp - claims.iat == 1800 && claims.sessionId == "s1")
        #expect(claims.userData?["team"] == .string("core"))
        #expect(claims.userData?["score"] == .double(2.0))
    }

    @Test func claimsRoundTripThroughCodable() throws {
        let claims = AccessTokenClaims(sub: "u", iat: 1, exp: 2, userData: ["x": 1.0, "y": [1, 2]], sessionId: "s")
        let decoded = try WireCoding.decode(AccessTokenClaims.self, from: WireCoding.encode(claims))
        #expect(decoded == claims)
        #expect(decoded.typ == "access")
        let refresh = RefreshTokenClaims(sub: "u", iat: 1, exp: 2, sessionId: "s")
        #expect(try WireCoding.decode(RefreshTokenClaims.self, from: WireCoding.encode(refresh)) == refresh)
    }

    @Test(arguments: ["", "abc", "a.b", "a..c", "a.!!!.c", "a.b.c.d"])
    func refusesWhatIsNotAJWT(_ token: String) {
        #expect(throws: UnverifiedJWT.Failure.self) { try UnverifiedJWT.payload(of: token) }
    }

    @Test func refusesAPayloadOfTheWrongShape() {
        #expect(throws: UnverifiedJWT.Failure.self) {
            try UnverifiedJWT.claims(AccessTokenClaims.self, of: jwt(#"{"sub":1}"#))
        }
    }
}
