import Foundation
import RosterWire

/// What a client checks of the tokens a server issues, and reads from them without verifying.
enum IssuedTokens {
    /// Both tokens must be JWTs whose payloads a client can read (BEHAVIOURS 10).
    static func check(access: String, refresh: String?, userId: String?) throws {
        let claims: AccessTokenClaims
        do {
            claims = try UnverifiedJWT.accessClaims(of: access)
            if let refresh { _ = try UnverifiedJWT.payload(of: refresh) }
        } catch {
            throw RosterError.malformedResponse("the server sent a token that is not a readable JWT")
        }
        if let userId { try ServerIdentifier.check(userId, "user id") }
        if let userId, claims.sub != userId {
            throw RosterError.malformedResponse("the access token is for another user than the one logged in")
        }
        guard claims.exp > claims.iat else {
            throw RosterError.malformedResponse("the access token expires before it was issued")
        }
    }

    /// `exp - iat` of an access token, when it can be read.
    static func lifetime(of accessToken: String) -> TimeInterval? {
        guard let claims = try? UnverifiedJWT.accessClaims(of: accessToken) else { return nil }
        return TimeInterval(claims.exp - claims.iat)
    }
}
