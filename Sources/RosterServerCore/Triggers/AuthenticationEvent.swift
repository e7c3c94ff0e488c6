import Foundation
import RosterWire

/// The event an authentication trigger's function gets, as App Services gives it:
///
///     {"operationType": "CREATE", "providers": ["anon-user"],
///      "user": {"id": "65f0…", "type": "normal", "data": {}, "custom_data": {},
///               "identities": [{"id": "…", "provider_type": "anon-user"}]},
///      "time": {"$date": …}}
///
/// `user` is App Services' user object, as `context.user` is (`type` `server` for a server API
/// key's user, which logs in by the `api-key` provider); its `custom_data` is empty (a
/// new user has none yet, and the trigger's function reads the collection for the rest).
package enum AuthenticationEvent {
    package static func make(
        _ operation: TriggerConfig.AuthenticationOperation, providers: [ProviderType], user: UserRecord, identities: [IdentityRecord], at time: Date
    ) -> JSONValue {
        let profile = (try? JSONValue(parsing: user.profile))?.objectValue ?? [:]
        return [
            "operationType": .string(operation.rawValue),
            "providers": .array(providers.map { .string($0.rawValue) }),
            "user": [
                "id": .string(user.id),
                "type": .string(UserType(records: identities).rawValue),
                "data": .object(profile),
                "custom_data": [:],
                "identities": .array(identities.map { ["id": .string($0.providerId), "provider_type": .string($0.providerType)] }),
            ],
            "time": ["$date": .int(Int64((time.timeIntervalSince1970 * 1000).rounded(.down)))],
        ]
    }
}
