import RosterServerCore

/// One entry of an app's log as App Services' Admin API answers it (and realm-cli's `logs list`
/// and realm-core's harness read it): its `type`, when it `started` and `completed` (the same
/// instant: the audit trail records instants), the user, the client's address, an `error` and
/// `error_code` when it failed, `auth_event` for an `AUTH` entry, and what the trail says of it
/// in `messages`.
struct AppLogEntry: Encodable, Sendable, Equatable {
    struct AuthEvent: Encodable, Sendable, Equatable {
        var failed: Bool
        var type: String
        var provider: String?
    }

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
    var messages: [String]

    enum CodingKeys: String, CodingKey {
        case type, started, completed, error, messages
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
        type = kind.type
        appId = app.id
        groupId = app.groupId
        userId = entry.userId
        remoteIPAddress = entry.address
        started = at
        completed = at
        error = kind.error
        errorCode = kind.errorCode
        authEvent = kind.authEvent.map { AuthEvent(failed: kind.failed, type: $0, provider: entry.provider) }
        messages = [entry.event.rawValue, entry.detail].compactMap { $0 }
    }
}

/// A page of an app's log, newest first: `nextEndDate` and `nextSkip`, when more entries match,
/// are the `end_date` and `skip` that ask for the next page.
struct AppLogPage: Encodable, Sendable, Equatable {
    var logs: [AppLogEntry]
    var nextEndDate: String?
    var nextSkip: Int?
}
