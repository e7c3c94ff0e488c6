/// The operator a request comes from, proven by its access token: who to write in the audit
/// trail and which group's apps it may see.
public struct AdminCaller: Sendable, Equatable {
    public var operatorId: String
    public var email: String
    public var groupId: String
    public var sessionId: String
}
