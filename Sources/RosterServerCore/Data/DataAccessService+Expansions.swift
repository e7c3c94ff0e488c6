import Foundation
import RosterDocuments
import RosterWire

extension DataAccessService {
    /// What a rule's expansions read for this call: the user (`id`, `type`, `data`, and, when the
    /// rule names them, `custom_data` read from the store now, and `identities` and the `type`
    /// they tell, `server` for a server API key's user), the app's values
    /// and environment, and the request (`FunctionRequest.shown`, with `service` and `action`),
    /// whether the client called data access itself, a function it called did, or it watches.
    /// `reads`: `storedUserFields(rule)`, when the caller has it already. `resolved`: what a
    /// function run's earlier data calls resolved of the same caller and request.
    func expansions(
        for rule: DataRule, caller: AuthorizedSession, request: FunctionRequest?, action: String, reads: (customData: Bool, identities: Bool)? = nil,
        resolved: CallerExpansions? = nil
    ) async throws -> RuleExpansions {
        let fixed = resolved?.fixed(caller, request: request) ?? CallerExpansions.Fixed.of(caller, request: request)
        var user: JSONObject = ["id": .string(caller.user.id), "type": "normal", "data": fixed.data]
        let reads = reads ?? Self.storedUserFields(rule)
        if reads.customData {
            user["custom_data"] = .object(try await customData(of: caller))
        }
        if reads.identities, let fields = try await identityFields(of: caller) { user.merge(fields) { $1 } }
        var requestFields = fixed.request
        requestFields["service"] = .string(caller.app.config.dataServices.first ?? AppConfig.defaultDataService)
        requestFields["action"] = .string(action)
        return RuleExpansions(user: .object(user), values: fixed.values, environment: fixed.environment, request: requestFields)
    }

    /// Which of the user's stored fields `rule`'s roles read (`%%user.custom_data`,
    /// `%%user.identities` or `%%user.type`, which the identities tell, or the whole `%%user`);
    /// none under Roster's rule words.
    static func storedUserFields(_ rule: DataRule) -> (customData: Bool, identities: Bool) {
        guard !rule.isWords else { return (false, false) }
        let text = String(decoding: (try? JSONEncoder().encode(rule.roles)) ?? Data(), as: UTF8.self)
        let whole = text.contains("\"%%user\"")
        return (
            whole || text.contains("%%user.custom_data"), whole || text.contains("%%user.identities") || text.contains("%%user.type")
        )
    }

    /// The caller's custom user data as stored (canonical Extended JSON, without `_id`), read at
    /// request time; empty when there is none.
    func customData(of caller: AuthorizedSession) async throws -> JSONObject {
        guard let selector = CustomDataService.selector(app: caller.app, userId: caller.user.id),
            let record = try await store.document(selector), case .object(var fields)? = try? JSONValue(parsing: record.body)
        else { return [:] }
        fields["_id"] = nil
        return fields
    }
}
