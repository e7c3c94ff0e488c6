import Foundation

/// One run of an app's function as its log keeps it: a client's call, a trigger's run or a
/// function the server ran itself (an authentication, confirmation, reset or user-creation
/// function), with what it wrote to `console`, how it ended and when. Never its arguments, its
/// answer or the caller's token.
public struct FunctionRunRecord: Sendable, Equatable {
    /// The entry's id (an ObjectId), `_id` in the app's log.
    public var id: String
    /// The client app id.
    public var appId: String
    /// App Services' log type: `FUNCTION`, `DB_TRIGGER`, `AUTH_TRIGGER` or `SCHEDULED_TRIGGER`.
    public var type: String
    public var functionName: String
    /// The function's id in the Admin API (24 hex digits) when it was given one; nil for a
    /// function named only by its name (an app directory's, a configuration file's).
    public var functionId: String?
    /// The trigger that ran it (`event_subscription_name`).
    public var triggerName: String?
    /// The user who called it; nil for a run the server started.
    public var userId: String?
    /// The client request's id (`co_id`).
    public var requestId: String?
    public var remoteAddress: String?
    /// The client request's URL (the server's public base and the path, never the query, which
    /// may carry a token) and method; nil for a run no client request started.
    public var requestURL: String?
    public var requestMethod: String?
    /// The HTTP status the client was answered with, when the run served a client's request and
    /// the server knows it.
    public var status: Int?
    public var startedAt: Date
    public var completedAt: Date
    /// What it wrote to `console`, within the server's budget.
    public var logs: [String]
    /// How it failed, in the words its caller read, and the code.
    public var error: String?
    public var errorCode: String?

    public init(
        id: String, appId: String, type: String, functionName: String, functionId: String? = nil, triggerName: String? = nil,
        userId: String? = nil, requestId: String? = nil, remoteAddress: String? = nil, requestURL: String? = nil,
        requestMethod: String? = nil, status: Int? = nil, startedAt: Date, completedAt: Date, logs: [String] = [],
        error: String? = nil, errorCode: String? = nil
    ) {
        self.id = id
        self.appId = appId
        self.type = type
        self.functionName = functionName
        self.functionId = functionId
        self.triggerName = triggerName
        self.userId = userId
        self.requestId = requestId
        self.remoteAddress = remoteAddress
        self.requestURL = requestURL
        self.requestMethod = requestMethod
        self.status = status
        self.startedAt = startedAt
        self.completedAt = completedAt
        self.logs = logs
        self.error = error
        self.errorCode = errorCode
    }
}

/// Which runs to read, newest first (by start, then by the order they were written).
public struct FunctionRunQuery: Sendable, Equatable {
    public var userId: String?
    public var requestId: String?
    /// Started strictly after then (the Admin API's `start_date`).
    public var after: Date?
    /// Started at or before then (the Admin API's `end_date`).
    public var until: Date?
    /// Only these log types; nil for every one.
    public var types: [String]?
    public var errorsOnly: Bool
    public var skip: Int
    public var limit: Int
    /// Whether each run's console lines are read too (a page's entries) or left empty (to find
    /// a page's place among other entries).
    public var withLogs: Bool

    public init(
        userId: String? = nil, requestId: String? = nil, after: Date? = nil, until: Date? = nil, types: [String]? = nil,
        errorsOnly: Bool = false, skip: Int = 0, limit: Int = 100, withLogs: Bool = true
    ) {
        self.userId = userId
        self.requestId = requestId
        self.after = after
        self.until = until
        self.types = types
        self.errorsOnly = errorsOnly
        self.skip = skip
        self.limit = limit
        self.withLogs = withLogs
    }
}
