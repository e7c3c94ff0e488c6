import Foundation
import JWTKit
import RosterWire
import Testing

@testable import RosterServer
@testable import RosterServerCore
@testable import RosterPages

/// The server signs and reads its own claims with RosterWire's documents (`ClaimsJSONCoder`),
/// not Foundation's coders as jwt-kit would. Tokens signed before that, and by any server still
/// on jwt-kit's coders, must keep working, and the other way round.
@Suite("The server's token coders")
struct TokenServiceTests {
    static let secret = [UInt8](repeating: 7, count: TokenService.secretBytes)
    static let now = Date(timeIntervalSince1970: 1_700_000_100)

    func service() async throws -> TokenService {
        try await TokenService(secret: Self.secret, now: { Self.now })
    }

    /// A key collection with jwt-kit's own JSON coders and the same secret.
    func plainKeys() async -> JWTKeyCollection {
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: Self.secret), digestAlgorithm: .sha256)
        return keys
    }

    static let access = AccessTokenClaims(
        sub: "user-1", iat: 1_700_000_000, exp: 1_700_001_800, userData: ["score": 2.0, "ratio": 0.25, "tags": ["a"]],
        sessionId: "session-1", appId: "app", deviceId: "0123456789abcdef01234567")
    static let refresh = RefreshTokenClaims(
        sub: "user-1", iat: 1_700_000_000, exp: 1_705_184_000, sessionId: "session-1", appId: "app", generation: 3)

    /// The payload segment of a token, as text.
    func payloadText(of token: String) throws -> String {
        String(decoding: try UnverifiedJWT.payload(of: token), as: UTF8.self)
    }

    @Test func theServerWritesItsClaimsAsDocuments() async throws {
        let tokens = try await service()
        // Foundation's coder writes the claims in their declaration order (`sub` first); the
        // document's compact text has its keys sorted.
        #expect(try payloadText(of: await tokens.sign(access: Self.access)) == Self.access.document.compactText)
        #expect(try payloadText(of: await tokens.sign(refresh: Self.refresh)) == Self.refresh.document.compactText)
        #expect(try payloadText(of: await plainKeys().sign(AccessPayload(Self.access))) != Self.access.document.compactText)
        // The header, written once, is the header jwt-kit writes.
        let header = try UnverifiedJWT.headerDocument(of: await tokens.sign(access: Self.access))
        #expect(header == ["alg": "HS256", "typ": "JWT"])
        #expect(try UnverifiedJWT.headerDocument(of: await plainKeys().sign(AccessPayload(Self.access))) == header)
    }

    @Test func theCoderReadsClaimsAsDocumentsAndTheRestThroughFoundation() throws {
        let coder = ClaimsJSONCoder()
        // `2.0` as written: a document reads it as a double, which Foundation's coder cannot tell from 2.
        let text = #"{"sub":"u","iat":1,"exp":2,"typ":"access","user_data":{"n":2.0}}"#
        #expect(try coder.decode(AccessPayload.self, from: Data(text.utf8)).claims.userData == ["n": .double(2.0)])
        #expect(try JSONDecoder().decode(AccessPayload.self, from: Data(text.utf8)).claims.userData != ["n": .double(2.0)])
        let state = DevicePageState(exp: 5, csrf: "c")
        #expect(try coder.decode(DevicePageState.self, from: coder.encode(state)) == state)
        #expect(throws: ClaimsDocumentError(field: "sub")) {
            try coder.decode(RefreshPayload.self, from: Data(#"{"iat":1,"exp":2,"typ":"refresh","sid":"s"}"#.utf8))
        }
    }

    @Test func tokensSignedWithJWTKitsOwnCodersAreRead() async throws {
        let tokens = try await service()
        let keys = await plainKeys()
        #expect(try await tokens.verifyAccess(keys.sign(AccessPayload(Self.access))) == Self.access)
        #expect(try await tokens.verifyRefresh(keys.sign(RefreshPayload(Self.refresh))) == Self.refresh)
    }

    @Test func tokensTheServerSignsAreReadWithJWTKitsOwnCoders() async throws {
        let tokens = try await service()
        let keys = await plainKeys()
        #expect(try await keys.verify(tokens.sign(access: Self.access), as: AccessPayload.self).claims == Self.access)
        #expect(try await keys.verify(tokens.sign(refresh: Self.refresh), as: RefreshPayload.self).claims == Self.refresh)
    }

    @Test func thePagesStateStillGoesThroughFoundationsCoders() async throws {
        let tokens = try await service()
        let state = DevicePageState(exp: 1_700_000_700, csrf: "csrf-token", authorizationId: "authorization-1")
        let cookie = try await tokens.sign(page: state)
        #expect(await tokens.verifyPage(cookie) == state)
        #expect(try await plainKeys().verify(cookie, as: DevicePageState.self) == state)
    }

    @Test func aTokenOfAnotherKeyOrOfTheWrongKindIsRefused() async throws {
        let tokens = try await service()
        let other = JWTKeyCollection()
        await other.add(hmac: HMACKey(from: [UInt8](repeating: 8, count: 32)), digestAlgorithm: .sha256)
        let forged = try await other.sign(AccessPayload(Self.access))
        await #expect(throws: ErrorResponse.invalidSession(ErrorResponse.Text.badSignature)) { try await tokens.verifyAccess(forged) }
        let refreshToken = try await tokens.sign(refresh: Self.refresh)
        await #expect(throws: ErrorResponse.self) { try await tokens.verifyAccess(refreshToken) }
        let accessToken = try await tokens.sign(access: Self.access)
        await #expect(throws: ErrorResponse.self) { try await tokens.verifyRefresh(accessToken) }
        // A signed payload that is not the claims: refused as invalid, not read.
        let notClaims = try await tokens.sign(page: DevicePageState(exp: 1_700_000_700, csrf: "c"))
        await #expect(throws: ErrorResponse.self) { try await tokens.verifyRefresh(notClaims) }
    }

    @Test func theHeaderEveryTokenHasIsReadOnceAndAnyOtherForWhatItSays() async throws {
        let coder = ClaimsJSONCoder()
        let ours = try coder.encode(JWTHeader(fields: ["alg": .string("HS256"), "typ": .string("JWT")]))
        for _ in 0..<2 { #expect(try coder.decode(JWTHeader.self, from: ours).alg == "HS256") }
        #expect(try coder.decode(JWTHeader.self, from: Data(#"{"alg":"none","typ":"JWT"}"#.utf8)).alg == "none")
        #expect(throws: (any Error).self) { try coder.decode(JWTHeader.self, from: Data("{".utf8)) }
        // The server's own token, its header swapped for one that names no algorithm it has.
        let tokens = try await service()
        let signed = try await tokens.sign(refresh: Self.refresh)
        #expect(try await tokens.verifyRefresh(signed) == Self.refresh)
        let parts = signed.split(separator: ".")
        let none = Data(#"{"alg":"none","typ":"JWT"}"#.utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        await #expect(throws: ErrorResponse.self) { try await tokens.verifyRefresh("\(none).\(parts[1]).\(parts[2])") }
    }
}
