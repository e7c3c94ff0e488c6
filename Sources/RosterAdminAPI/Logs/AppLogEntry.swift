import RosterServerCore

/// One entry of an app's log as App Services' Admin API answers it (and realm-cli's `logs list`
/// and realm-core's harness read it): its `type`, when it `started` and `completed` (the same
/// instant for the audit trail's, which records instants), the client request's id (`co_id`)
/// when one made it, the user, the client's address, an
/// `error` and `error_code` when it failed, `auth_event` for an `AUTH` entry, and what the
/// trail says of it in `messages`. A function run's entry (`FUNCTION`, `DB_TRIGGER`,
/// `AUTH_TRIGGER`, `SCHEDULED_TRIGGER`) adds its `_id`, `co_id` (the client request's id),
/// `function_id` and `function_name`, `event_subscription_name` (the trigger), what it wrote to
/// `console` in `messages` (as realm-cli's `logs list` prints them) and in `logs`, and for a
/// client's call the request's `request_url`, `request_method` and the `status` it was answered.
struct AppLogEntry: Encodable, Sendable, Equatable {
    struct AuthEvent: Encodable, Sendable, Equatable {
        var failed: Bool
        var type: String
        var provider: String?
    }

    var id: String?
    var correlationId: String?
    var type: String
    var appId: String
    var groupId: String
    var userId: String?
    var remoteIPAddress: String?
    var started: String
    var completed: String
    var error: String?
    var errorCode: String?
    var authEvent: AuthEvent?
    var functionName: String?
    var functionId: String?
    var triggerName: String?
    var requestURL: String?
    var requestMethod: String?
    var status: Int?
    var logs: [String]?
    var messages: [String]

    enum CodingKeys: String, CodingKey {
        case type, started, completed, error, messages, logs
        case id = "_id"
        case correlationId = "co_id"
        case functionName = "function_name"
        case functionId = "function_id"
        case requestURL = "request_url"
        case requestMethod = "request_method"
        case status
        case triggerName = "event_subscription_name"
        case appId = "app_id"
        case groupId = "group_id"
        case userId = "user_id"
        case remoteIPAddress = "remote_ip_address"
        case errorCode = "error_code"
        case authEvent = "auth_event"
    }

    /// Nil for an audit entry that is not in an app's log.
    init?(_ entry: AuditEntry, app: HostedApp) {
        guard let kind = AppLogKind.of(entry.event) else { return nil }
        let at = AppLogInstant(entry.at).text
        correlationId = entry.requestId
        type = kind.type
        appId = app.id
        groupId = app.groupId
        userId = entry.userId
        remoteIPAddress = entry.address
        started = at
        completed = at
        error = kind.error
        errorCode = kind.errorCodeInDetail ? entry.detail : kind.errorCode
        authEvent = kind.authEvent.map { AuthEvent(failed: kind.failed, type: $0, provider: entry.provider) }
        messages = [entry.event.rawValue, entry.detail].compactMap { $0 }
    }

    init(_ run: FunctionRunRecord, app: HostedApp) {
        id = run.id
        correlationId = run.requestId
        type = run.type
        appId = app.id
        groupId = app.groupId
        userId = run.userId
        remoteIPAddress = run.remoteAddress
        started = AppLogInstant(run.startedAt).text
        completed = AppLogInstant(run.completedAt).text
        error = run.error
        errorCode = run.errorCode
        functionName = run.functionName
        // A function an app directory named without an id has the one the Admin API shows it by.
        functionId = AdminObjectID.resolve(run.functionId, kind: "function", name: run.functionName)
        triggerName = run.triggerName
        requestURL = run.requestURL
        requestMethod = run.requestMethod
        status = run.status
        logs = run.logs
        messages = run.logs
    }
}

/// A page of an app's log, newest first: `nextEndDate` and `nextSkip`, when more entries match,
/// are the `end_date` and `skip` that ask for the next page.
struct AppLogPage: Encodable, Sendable, Equatable {
    var logs: [AppLogEntry]
    var nextEndDate: String?
    var nextSkip: Int?
}
