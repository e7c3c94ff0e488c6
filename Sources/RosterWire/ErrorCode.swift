/// The `error_code` names of the wire protocol, with the HTTP status each is sent with.
public enum ErrorCode: String, Codable, Sendable, CaseIterable {
    case invalidSession = "InvalidSession"
    case invalidPassword = "InvalidPassword"
    case authError = "AuthError"
    case userDisabled = "UserDisabled"
    case accountNameInUse = "AccountNameInUse"
    case userAlreadyConfirmed = "UserAlreadyConfirmed"
    case userNotFound = "UserNotFound"
    case userpassTokenInvalid = "UserpassTokenInvalid"
    case apiKeyNotFound = "APIKeyNotFound"
    case authProviderNotFound = "AuthProviderNotFound"
    case appNotFound = "AppNotFound"
    case routeNotFound = "RouteNotFound"
    case functionNotFound = "FunctionNotFound"
    /// A function that threw, ran out of memory, or answered nothing usable (400, as App
    /// Services sends it).
    case functionExecutionError = "FunctionExecutionError"
    /// A function stopped at its deadline (400): App Services' own code for it, which
    /// realm-core and the SDKs name (`ExecutionTimeLimitExceeded`).
    case executionTimeLimitExceeded = "ExecutionTimeLimitExceeded"
    case noMatchingRuleFound = "NoMatchingRuleFound"
    /// A part of App Services the app has and Roster does not serve (GraphQL, Device Sync).
    case serviceNotFound = "ServiceNotFound"
    /// An HTTPS endpoint (`/app/{appId}/endpoint/…`): Roster serves none.
    case endpointNotFound = "EndpointNotFound"
    /// An incoming webhook of the older third-party services: Roster serves none.
    case incomingWebhookNotFound = "IncomingWebhookNotFound"
    case invalidParameter = "InvalidParameter"
    case missingParameter = "MissingParameter"
    case badRequest = "BadRequest"
    case methodNotAllowed = "MethodNotAllowed"
    case payloadTooLarge = "PayloadTooLarge"
    case tooManyRequests = "TooManyRequests"
    /// Roster's: the server is at capacity for this work (password hashing); with `Retry-After`.
    case serviceUnavailable = "ServiceUnavailable"
    /// Roster's: no such unlock key (never made, replaced, erased after wrong PINs, or its
    /// session ended): the person logs in again.
    case unlockKeyNotFound = "UnlockKeyNotFound"
    /// Roster's: the request's `Origin` is not among the app's `allowedRequestOrigins`.
    case accessDenied = "AccessDenied"
    case internalServerError = "InternalServerError"

    /// The HTTP status a server answers with for this code.
    public var httpStatus: Int {
        switch self {
        case .invalidSession, .invalidPassword, .authError, .userDisabled: 401
        case .accountNameInUse: 409
        case .userAlreadyConfirmed, .userNotFound, .userpassTokenInvalid, .badRequest,
            .invalidParameter, .missingParameter, .functionExecutionError, .executionTimeLimitExceeded:
            400
        case .apiKeyNotFound, .authProviderNotFound, .appNotFound, .routeNotFound, .functionNotFound, .unlockKeyNotFound, .serviceNotFound,
            .endpointNotFound, .incomingWebhookNotFound:
            404
        case .noMatchingRuleFound, .accessDenied: 403
        case .methodNotAllowed: 405
        case .payloadTooLarge: 413
        case .tooManyRequests: 429
        case .serviceUnavailable: 503
        case .internalServerError: 500
        }
    }
}

/// The error body of every failed request:
/// `{"error": "<message>", "error_code": "<Name>", "link": "<url or empty>"}`.
public struct ErrorResponse: Codable, Sendable, Equatable, Error {
    public var error: String
    /// The raw `error_code`; unknown names from other servers are kept as sent.
    public var errorCode: String
    public var link: String

    public init(_ code: ErrorCode, _ message: String, link: String = "") {
        self.error = message
        self.errorCode = code.rawValue
        self.link = link
    }

    public init(error: String, errorCode: String, link: String = "") {
        self.error = error
        self.errorCode = errorCode
        self.link = link
    }

    /// The code, when it is one Roster knows.
    public var code: ErrorCode? { ErrorCode(rawValue: errorCode) }

    enum CodingKeys: String, CodingKey {
        case error
        case errorCode = "error_code"
        case link
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.error = try container.decodeIfPresent(String.self, forKey: .error) ?? ""
        self.errorCode = try container.decodeIfPresent(String.self, forKey: .errorCode) ?? ""
        self.link = try container.decodeIfPresent(String.self, forKey: .link) ?? ""
    }
}
