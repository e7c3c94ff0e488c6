import Foundation
import JWTKit
import RosterWire

/// Signs and checks the server's own tokens: HS256 JWTs under a secret kept in the store, so
/// every server process over one database accepts the others' tokens.
///
///     let tokens = try await TokenService(secret: secret, now: environment.now)
///     let jwt = try await tokens.sign(access: claims)
///     let checked = try await tokens.verifyAccess(jwt) // throws InvalidSession when bad
package struct TokenService: Sendable {
    /// The store name of the signing secret.
    package static let secretName = "token-signing-hs256"
    package static let secretBytes = 32

    private let keys: JWTKeyCollection
    private let now: @Sendable () -> Date

    package init(secret: [UInt8], now: @escaping @Sendable () -> Date) async {
        precondition(secret.count >= Self.secretBytes, "the token signing secret must be 32+ bytes")
        // The collection reads every token's header with its own parser, before the key's.
        let parser = DefaultJWTParser(jsonDecoder: ClaimsJSONCoder())
        let serializer = DefaultJWTSerializer(jsonEncoder: ClaimsJSONCoder())
        keys = JWTKeyCollection(defaultJWTParser: parser, defaultJWTSerializer: serializer)
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256, parser: parser, serializer: serializer)
        self.now = now
    }

    package func sign(access claims: AccessTokenClaims) async throws -> String {
        try await keys.sign(AccessPayload(claims))
    }

    package func sign(refresh claims: RefreshTokenClaims) async throws -> String {
        try await keys.sign(RefreshPayload(claims))
    }

    /// The claims of a valid, unexpired access token; InvalidSession otherwise.
    package func verifyAccess(_ token: String) async throws(ErrorResponse) -> AccessTokenClaims {
        let claims: AccessTokenClaims
        do {
            claims = try await keys.verify(token, as: AccessPayload.self).claims
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            throw .invalidSession(ErrorResponse.Text.badSignature)
        } catch {
            throw .invalidSession("the access token is invalid")
        }
        guard claims.typ == TokenType.access.rawValue else { throw .invalidSession("the token is not an access token") }
        guard claims.exp > Int64(now().timeIntervalSince1970) else { throw .invalidSession("the access token has expired") }
        return claims
    }

    /// The claims of a valid, unexpired refresh token; InvalidSession otherwise.
    package func verifyRefresh(_ token: String) async throws(ErrorResponse) -> RefreshTokenClaims {
        let claims = try await refreshShaped(token)
        guard claims.typ == TokenType.refresh.rawValue else { throw .invalidSession("the token is not a refresh token") }
        guard claims.exp > Int64(now().timeIntervalSince1970) else {
            throw .invalidSession(ErrorResponse.Text.expiredRefreshToken)
        }
        return claims
    }

    /// The claims of a token that may end its session: a refresh token, even expired, or the
    /// revocation token given with it (docs/PROTOCOL-ADDITIONS.md); InvalidSession otherwise.
    package func verifySessionEnding(_ token: String) async throws(ErrorResponse) -> RefreshTokenClaims {
        let claims = try await refreshShaped(token)
        guard claims.typ == TokenType.refresh.rawValue || claims.typ == TokenType.revoke.rawValue else {
            throw .invalidSession("the token is not a refresh token")
        }
        return claims
    }

    /// The approval page's state as its cookie value.
    package func sign(page state: DevicePageState) async throws -> String {
        try await keys.sign(state)
    }

    /// The page state in a cookie value, when the server signed it and it has not expired.
    package func verifyPage(_ token: String) async -> DevicePageState? {
        guard let state = try? await keys.verify(token, as: DevicePageState.self), state.typ == DevicePageState.type,
            state.exp > Int64(now().timeIntervalSince1970)
        else { return nil }
        return state
    }

    private func refreshShaped(_ token: String) async throws(ErrorResponse) -> RefreshTokenClaims {
        do {
            return try await keys.verify(token, as: RefreshPayload.self).claims
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            throw .invalidSession(ErrorResponse.Text.badSignature)
        } catch {
            throw .invalidSession("the refresh token is invalid")
        }
    }
}
