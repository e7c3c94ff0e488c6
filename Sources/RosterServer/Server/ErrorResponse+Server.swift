import RosterDocuments
import RosterWire

/// The errors the server answers with, by protocol name. Messages never carry a token, a
/// password or a key.
extension ErrorResponse {
    static func invalidSession(_ message: String = "invalid session") -> ErrorResponse { .init(.invalidSession, message) }
    static func invalidPassword() -> ErrorResponse { .init(.invalidPassword, Text.unauthorized) }
    static func authError(_ message: String) -> ErrorResponse { .init(.authError, message) }
    static func userDisabled() -> ErrorResponse { .init(.userDisabled, "this user has been disabled") }
    static func badRequest(_ message: String) -> ErrorResponse { .init(.badRequest, message) }
    static func noMatchingRule(_ message: String) -> ErrorResponse { .init(.noMatchingRuleFound, message) }
    static func functionNotFound(_ message: String) -> ErrorResponse { .init(.functionNotFound, message) }
    static func functionFailed(_ message: String) -> ErrorResponse { .init(.functionExecutionError, message) }
    static func missingParameter(_ name: String) -> ErrorResponse { .init(.missingParameter, "missing parameter '\(name)'") }
    static func invalidParameter(_ message: String) -> ErrorResponse { .init(.invalidParameter, message) }
    static func payloadTooLarge(limit: Int) -> ErrorResponse {
        .init(.payloadTooLarge, "the request body is larger than \(limit) bytes")
    }
    static func appNotFound(_ appId: String) -> ErrorResponse { .init(.appNotFound, "cannot find app using Client App ID '\(appId)'") }
    static func providerNotFound(_ name: String) -> ErrorResponse {
        .init(.authProviderNotFound, "authentication provider '\(name)' is not enabled for this app")
    }
    static func routeNotFound() -> ErrorResponse { .init(.routeNotFound, "no route matches the request") }
    static func apiKeyNotFound() -> ErrorResponse { .init(.apiKeyNotFound, "API key not found") }
    static func internalError() -> ErrorResponse { .init(.internalServerError, "internal server error") }
}

extension ErrorResponse {
    /// App Services' own texts where clients match on them (docs/PROTOCOL.md, "Error texts").
    enum Text {
        /// A wrong password or an unknown email at log-in: realm-web treats exactly this text
        /// specially.
        static let unauthorized = "unauthorized"
        /// A refresh token whose session is gone: logged out, revoked, its user deleted.
        static let refreshTokenNotFound = "invalid session: failed to find refresh token"
        static let badSignature = "signature is invalid"
        static let expiredRefreshToken = "expired refresh token"
        /// A route that needs a token, called without one.
        static let mustAuthenticate = "must authenticate first"
        static let invalidTokenData = "invalid token data"
    }
}

extension ErrorResponse {
    /// A refused query, update or pipeline: InvalidParameter, or MissingParameter for an
    /// argument that is not there.
    init(_ refused: DocumentError) {
        switch refused.kind {
        case .missing: self.init(.missingParameter, refused.message)
        case .invalid, .limit, .busy: self.init(.invalidParameter, refused.message)
        }
    }
}
