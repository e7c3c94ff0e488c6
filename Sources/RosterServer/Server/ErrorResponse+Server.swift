import RosterWire

/// The errors the server answers with, by protocol name. Messages never carry a token, a
/// password or a key.
extension ErrorResponse {
    static func invalidSession(_ message: String = "invalid session") -> ErrorResponse { .init(.invalidSession, message) }
    static func invalidPassword() -> ErrorResponse { .init(.invalidPassword, "invalid username/password") }
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
