import RosterServer
import RosterServerCore

extension AuditTrail {
    /// An operator's change to `app`, as every admin route writes it: the action (at most 200
    /// characters of it) and the operator who did it.
    func recordAdmin(_ caller: AdminCaller, _ app: HostedApp, _ action: String, _ context: RosterRequestContext) async {
        await record(
            .admin, appId: app.clientAppId, userId: caller.operatorId, provider: "admin", address: context.clientAddress,
            detail: "\(action.prefix(200)) by operator \(caller.email)")
    }
}
