import Foundation
import Testing

@testable import RosterWire

/// The claims' own JSON form (`document`), which the server writes and reads its tokens with,
/// against the `Codable` form: a token written either way reads the same either way.
@Suite("Token claims as JSON documents")
struct ClaimsDocumentTests {
    static let userData: JSONValue = [
        "whole": 2.0, "half": 0.5, "count": 3, "big": .double(1e20), "name": "Zoë \"quoted\" \\ /\n",
        "nested": ["list": [1, 1.0, "two", nil, ["deep": 4.0]], "flag": true], "nothing": nil,
        "looks extended": ["$numberDouble": "not one of ours, kept as it is written"],
    ]
    static let access = AccessTokenClaims(
        sub: "user-1", iat: 1_700_000_000, exp: 1_700_001_800, userData: userData, sessionId: "session-1", appId: "app",
        deviceId: "0123456789abcdef01234567")
    static let refresh = RefreshTokenClaims(
        sub: "user-1", iat: 1_700_000_000, exp: 1_705_184_000, sessionId: "session-1", appId: "app", generation: 7)

    @Test func accessClaimsReadBackFromTheirDocumentAndFromTheirCodableForm() throws {
        let document = Self.access.document
        #expect(try AccessTokenClaims(document: JSONValue(parsing: document.compactText)) == Self.access)
        #expect(try WireCoding.decode(AccessTokenClaims.self, from: document.data) == Self.access)
        #expect(try AccessTokenClaims(document: JSONValue(parsing: WireCoding.encode(Self.access))) == Self.access)
    }

    @Test func refreshClaimsReadBackFromTheirDocumentAndFromTheirCodableForm() throws {
        for claims in [Self.refresh, RefreshTokenClaims(sub: "u", iat: 1, exp: 2, sessionId: "s", type: .revoke)] {
            #expect(try RefreshTokenClaims(document: JSONValue(parsing: claims.document.compactText)) == claims)
            #expect(try WireCoding.decode(RefreshTokenClaims.self, from: claims.document.data) == claims)
            #expect(try RefreshTokenClaims(document: JSONValue(parsing: WireCoding.encode(claims))) == claims)
        }
    }

    @Test func theDocumentHasTheFieldsTheCodableFormHas() throws {
        let minimal = AccessTokenClaims(sub: "u", iat: 1, exp: 2)
        #expect(minimal.document == (try JSONValue(parsing: WireCoding.encode(minimal))))
        #expect(minimal.document.objectValue?.keys.sorted() == ["exp", "iat", "sub", "typ"])
        #expect(Self.access.document == (try JSONValue(parsing: WireCoding.encode(Self.access))))
        #expect(Self.access.document["user_data"]?["whole"] == ["$numberDouble": "2.0"])
        #expect(Self.refresh.document == (try JSONValue(parsing: WireCoding.encode(Self.refresh))))
    }

    @Test func aNullOptionalIsAbsent() throws {
        let read = try AccessTokenClaims(
            document: JSONValue(parsing: #"{"sub":"u","iat":1,"exp":2,"typ":"access","user_data":null,"sid":null}"#))
        #expect(read.userData == nil && read.sessionId == nil)
    }

    @Test(arguments: [
        (#"[1]"#, ""), (#"{"iat":1,"exp":2,"typ":"access"}"#, "sub"), (#"{"sub":1,"iat":1,"exp":2,"typ":"access"}"#, "sub"),
        (#"{"sub":"u","iat":1.5,"exp":2,"typ":"access"}"#, "iat"), (#"{"sub":"u","iat":1,"exp":"2","typ":"access"}"#, "exp"),
        (#"{"sub":"u","iat":1,"exp":2}"#, "typ"), (#"{"sub":"u","iat":1,"exp":2,"typ":"access","sid":5}"#, "sid"),
        (#"{"sub":"u","iat":1,"exp":2,"typ":"access","device_id":[]}"#, "device_id"),
    ])
    func aDocumentWithoutAClaimOrWithOneOfTheWrongTypeIsRefusedByName(_ text: String, _ field: String) throws {
        #expect(throws: ClaimsDocumentError(field: field)) { try AccessTokenClaims(document: JSONValue(parsing: text)) }
    }

    @Test(arguments: [
        (#"{"sub":"u","iat":1,"exp":2,"typ":"refresh"}"#, "sid"),
        (#"{"sub":"u","iat":1,"exp":2,"typ":"refresh","sid":"s","gen":"1"}"#, "gen"),
        (#"{"sub":"u","iat":1,"exp":2,"typ":"refresh","sid":"s","app_id":false}"#, "app_id"),
    ])
    func aRefreshDocumentWithAMissingOrWrongClaimIsRefusedByName(_ text: String, _ field: String) throws {
        #expect(throws: ClaimsDocumentError(field: field)) { try RefreshTokenClaims(document: JSONValue(parsing: text)) }
    }

    @Test func theCodableFormAndItsReadingAreInverses() throws {
        let written = Self.userData.codableForm
        #expect(written["whole"] == ["$numberDouble": "2.0"])
        #expect(written["nested"]?["list"]?.arrayValue?[1] == ["$numberDouble": "1.0"])
        #expect(written["half"] == .double(0.5))
        #expect(try JSONValue(parsing: written.compactText).readingCodableForm == Self.userData)
        #expect(try WireCoding.decode(JSONValue.self, from: written.data) == Self.userData)
    }

    @Test func aRefreshAnswerIsWrittenAsItsCodableFormIs() throws {
        for answer in [SessionResponse(accessToken: "a.b.c"), SessionResponse(accessToken: "a.b.c", refreshToken: "d.e.f")] {
            #expect(answer.document == (try JSONValue(parsing: WireCoding.encode(answer))))
            #expect(try WireCoding.decode(SessionResponse.self, from: answer.document.data) == answer)
        }
        #expect(SessionResponse(accessToken: "a.b.c").document.compactText == #"{"access_token":"a.b.c"}"#)
    }
}
