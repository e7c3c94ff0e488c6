import RosterDocuments
import RosterWire

/// The errors the server answers with, by protocol name. Messages never carry a token, a
/// password or a key.
extension ErrorResponse {
    package static func invalidSession(_ message: String = "invalid session") -> ErrorResponse { .init(.invalidSession, message) }
    package static func invalidPassword() -> ErrorResponse { .init(.invalidPassword, Text.unauthorized) }
    package static func authError(_ message: String) -> ErrorResponse { .init(.authError, message) }
    package static func userDisabled() -> ErrorResponse { .init(.userDisabled, "this user has been disabled") }
    package static func badRequest(_ message: String) -> ErrorResponse { .init(.badRequest, message) }
    package static func noMatchingRule(_ message: String) -> ErrorResponse { .init(.noMatchingRuleFound, message) }
    package static func functionNotFound(_ message: String) -> ErrorResponse { .init(.functionNotFound, message) }
    package static func functionFailed(_ message: String) -> ErrorResponse { .init(.functionExecutionError, message) }
    /// App Services' words for a function the app does not have, or a private one a client
    /// calls: `function not found: 'name'`.
    package static func functionNotFound(named name: String) -> ErrorResponse {
        .init(.functionNotFound, "function not found: '\(name.prefix(64))'")
    }
    /// A function stopped at its deadline: App Services' `ExecutionTimeLimitExceeded`, its words
    /// first (`execution time limit exceeded`), then which limit.
    package static func functionOutOfTime(_ message: String) -> ErrorResponse { .init(.executionTimeLimitExceeded, message) }
    /// An error in words for the log: an answer's words and its code, any other error as it
    /// describes itself (never Swift's dump of an answer's fields).
    package static func words(of error: any Error) -> String {
        (error as? ErrorResponse).map { "\($0.error) (\($0.errorCode))" } ?? "\(error)"
    }
    package static func missingParameter(_ name: String) -> ErrorResponse { .init(.missingParameter, "missing parameter '\(name)'") }
    package static func invalidParameter(_ message: String) -> ErrorResponse { .init(.invalidParameter, message) }
    package static func payloadTooLarge(limit: Int) -> ErrorResponse {
        .init(.payloadTooLarge, "the request body is larger than \(limit) bytes")
    }
    package static func appNotFound(_ appId: String) -> ErrorResponse { .init(.appNotFound, "cannot find app using Client App ID '\(appId)'") }
    package static func providerNotFound(_ name: String) -> ErrorResponse {
        .init(.authProviderNotFound, "authentication provider '\(name)' is not enabled for this app")
    }
    package static func routeNotFound() -> ErrorResponse { .init(.routeNotFound, "no route matches the request") }
    package static func apiKeyNotFound() -> ErrorResponse { .init(.apiKeyNotFound, "API key not found") }
    package static func internalError() -> ErrorResponse { .init(.internalServerError, "internal server error") }
}

extension ErrorResponse {
    /// App Services' own texts where clients match on them (docs/PROTOCOL.md, "Error texts").
    package enum Text {
        /// A wrong password or an unknown email at log-in: realm-web treats exactly this text
        /// specially.
        package static let unauthorized = "unauthorized"
        /// A refresh token whose session is gone: logged out, revoked, its user deleted.
        package static let refreshTokenNotFound = "invalid session: failed to find refresh token"
        package static let badSignature = "signature is invalid"
        package static let expiredRefreshToken = "expired refresh token"
        /// A route that needs a token, called without one.
        package static let mustAuthenticate = "must authenticate first"
        package static let invalidTokenData = "invalid token data"
    }
}

extension ErrorResponse {
    /// A refused query, update or pipeline: InvalidParameter, or MissingParameter for an
    /// argument that is not there.
    package init(_ refused: DocumentError) {
        switch refused.kind {
        case .missing: self.init(.missingParameter, refused.message)
        case .invalid, .limit, .busy: self.init(.invalidParameter, refused.message)
        }
    }
}
