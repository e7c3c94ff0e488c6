import RosterAppModel
import RosterWire

extension FunctionCallService {
    /// Refuses a call to the function `name` whose condition on callers (`can_evaluate`) does
    /// not hold for this caller and request, as App Services does: FunctionExecutionError
    /// `rule not matched for function "name"`. Checked when a client calls a function and when a
    /// function running as a user calls another (`context.functions.execute`); the system user
    /// (triggers, providers' functions, a function that runs as system) is held by no rule.
    func checkCondition(of name: String, _ function: FunctionConfig, caller: AuthorizedSession, request: FunctionRequest) async throws {
        guard let condition = function.canEvaluate, !FunctionCondition.admitsEveryone(condition) else { return }
        // The condition reads what a role's `apply_when` reads (`%%user` with its custom data and
        // identities when it names them, `%%values`, `%%environment`, `%%request`), so it is
        // expanded as one: the same reads, made only when named.
        let asRole = DataRule(database: "", collection: "", roles: [AppRole(name: "can_evaluate", applyWhen: condition)])
        var expansions = try await data.expansions(for: asRole, caller: caller, request: request, action: name)
        expansions.request["service"] = nil
        let holds: Bool
        do {
            holds = try FunctionCondition.holds(condition, in: expansions)
        } catch {
            throw ErrorResponse.functionFailed("the condition of function '\(name.prefix(64))' cannot be evaluated: \(error)")
        }
        guard holds else { throw ErrorResponse.functionFailed(FunctionCondition.notMatched(name)) }
    }
}
