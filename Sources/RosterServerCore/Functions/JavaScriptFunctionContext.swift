import Foundation
import RosterDocuments
import RosterWire

/// What `context` holds as data for one execution, as App Services gives it: `user` (`id`,
/// `type`, `data`, `custom_data`, `identities`: the caller, even in a function that runs as the
/// system user; in one the server runs for itself, the system user, `type: "system"` with no
/// data and no identities), `app` (`id`, `clientAppId`, `name`),
/// `environment` (`tag`, `values`), `request` (`FunctionRequest.shown`: `remoteIPAddress`,
/// `requestHeaders` each name with its list of values, `httpMethod`, `rawQueryString`,
/// `httpUserAgent`, `httpReferrer`; no `webhookUrl`), `token`, `values`, and
/// `runningAsSystem` (what `context.runningAsSystem()` answers: whether the function runs as the
/// system user, as a `runAsSystem` function, a function the server runs for itself and any
/// function those call do, whoever `user` is).
enum JavaScriptFunctionContext {
    static func make(
        caller: AuthorizedSession, identities: [IdentityRecord], customData: JSONValue?, request: FunctionRequest, runningAsSystem: Bool
    ) -> JSONObject {
        let config = caller.app.config
        let profile = (try? JSONValue(parsing: caller.user.profile))?.objectValue ?? [:]
        let user: JSONValue = [
            "id": .string(caller.user.id),
            "type": .string((caller.isSystem ? .system : UserType(records: identities)).rawValue),
            "data": .object(profile),
            "custom_data": customData ?? [:],
            "identities": .array(identities.map { ["id": .string($0.providerId), "provider_type": .string($0.providerType)] }),
        ]
        var context: JSONObject = [
            "user": (try? ExtendedJSON.canonical(user)) ?? user,
            "app": ["id": .string(config.appId), "clientAppId": .string(config.appId), "name": .string(config.name)],
            "environment": ["tag": .string(config.environment), "values": [:]],
            "request": .object(request.shown),
            "values": .object(JSONObject(config.values.compactMapValues { try? ExtendedJSON.canonical($0) })),
            "runningAsSystem": .bool(runningAsSystem),
        ]
        if let token = request.token { context["token"] = .string(token) }
        return context
    }
}
