import RosterServerCore

/// How an entry of Roster's audit trail reads in an app's log, as App Services types its log
/// entries: log-ins, log-outs, registrations and resets are `AUTH`, user API keys `API_KEY`, a
/// request refused for its rate `API`. Function and trigger runs are entries of their own
/// (`FunctionRunOrigin`); what Roster does not record (webhook and sync runs) has none;
/// operators' own changes are not in the app's log (they are read with `roster-server admin
/// audit`).
struct AppLogKind: Sendable, Equatable {
    var type: String
    /// `auth_event.type` of an `AUTH` entry.
    var authEvent: String?
    var errorCode: String?
    var error: String?
    /// The entry's detail is the `error_code` the client was answered (a refusal of several
    /// codes: a registration, a token), which the entry's own `error_code` then is.
    var errorCodeInDetail = false

    var failed: Bool { error != nil }

    /// The kind of `event`; nil for an entry that is not in an app's log.
    static func of(_ event: AuditEntry.Event) -> AppLogKind? {
        switch event {
        case .loggedIn: auth("login")
        case .loginFailed: auth("login", "InvalidPassword", "unauthorized")
        case .loginLimited: auth("login", "TooManyRequests", "too many log-in attempts; the log-in was refused")
        case .loggedOut: auth("logout")
        case .refreshTokenReused: auth("refresh", "InvalidSession", "a replaced refresh token was used again; the session was ended")
        case .registered: auth("register")
        case .registerRefused: refusal("register", "the registration was refused")
        case .confirmRefused: refusal("confirm", "the confirmation token was refused: not valid, or expired")
        case .resetRefused: refusal("reset_password", "the password reset token was refused: not valid, or expired")
        case .passwordReset: auth("reset_password")
        case .userDeleted: auth("delete")
        case .deviceStarted: auth("device_start")
        case .deviceApproved: auth("device_approve")
        case .deviceDenied: auth("device_deny", "InvalidSession", "the device log-in was denied")
        case .unlockRefused: auth("unlock", "InvalidPassword", "a wrong PIN was given for the session's unlock key")
        case .unlockKeyErased: auth("unlock", "InvalidSession", "ten wrong PINs in a row; the unlock key was erased and the session ended")
        case .apiKeyCreated, .apiKeyDeleted, .apiKeyEnabled, .apiKeyDisabled: AppLogKind(type: "API_KEY")
        case .requestLimited: AppLogKind(type: "API", errorCode: "TooManyRequests", error: "too many requests; the request was refused")
        case .admin: nil
        }
    }

    private static func auth(_ event: String, _ code: String? = nil, _ error: String? = nil) -> AppLogKind {
        AppLogKind(type: "AUTH", authEvent: event, errorCode: code, error: error)
    }

    /// A refused `AUTH` event whose detail is the code it was answered with (`AccountRefusal`).
    private static func refusal(_ event: String, _ error: String) -> AppLogKind {
        AppLogKind(type: "AUTH", authEvent: event, errorCode: nil, error: error, errorCodeInDetail: true)
    }

    /// The audit events whose entries are of one of `types` and, with `errorsOnly`, errors.
    static func events(types: Set<String>?, errorsOnly: Bool) -> [AuditEntry.Event] {
        AuditEntry.Event.allCases.filter { event in
            guard let kind = of(event) else { return false }
            return (types?.contains(kind.type) ?? true) && (!errorsOnly || kind.failed)
        }
    }

    /// The log types App Services names (what `type` may ask for), recorded by Roster or not.
    static let types: Set<String> = [
        "API", "API_KEY", "AUTH", "AUTH_TRIGGER", "DB_TRIGGER", "SCHEDULED_TRIGGER", "TRIGGER_FAILURE", "TRIGGER_ERROR_HANDLER",
        "FUNCTION", "SERVICE_FUNCTION", "STREAM_FUNCTION", "SERVICE_STREAM_FUNCTION", "WEBHOOK", "ENDPOINT", "GRAPHQL", "PUSH",
        "SCHEMA_ADDITIVE_CHANGE", "SCHEMA_GENERATION", "SCHEMA_VALIDATION", "LOG_FORWARDER", "SYNC_CLIENT_WRITE",
        "SYNC_CONNECTION_END", "SYNC_CONNECTION_START", "SYNC_ERROR", "SYNC_OTHER", "SYNC_SESSION_END", "SYNC_SESSION_START",
    ]
}
