import Foundation
import Logging
import RosterDocuments
import RosterWire

/// Authentication events in: a user made, logged in or deleted sets off the app's authentication
/// triggers.
extension TriggerService {
    /// A user was made, logged in or deleted through `providers` (a deleted user's: those of
    /// its identities): keeps an event for each of the app's authentication triggers of that
    /// operation and one of those providers.
    package func authentication(
        _ operation: TriggerConfig.AuthenticationOperation, app: ServedApp, providers: [ProviderType], user: UserRecord,
        identities: [IdentityRecord]? = nil
    ) async {
        let names = Set(providers.map(\.rawValue))
        let triggers = app.config.triggers.filter { trigger in
            guard !trigger.disabled, case .authentication(let kind, let listed) = trigger.event else { return false }
            return kind == operation && listed.contains(where: names.contains)
        }
        guard !triggers.isEmpty else { return }
        let found: [IdentityRecord]
        if let identities {
            found = identities
        } else {
            found = (try? await store.identities(appId: app.id, userId: user.id)) ?? []
        }
        let event = AuthenticationEvent.make(operation, providers: providers, user: user, identities: found, at: now())
        let key = "auth:\(ids.objectId())"
        await keep(app: app, triggers.map { ($0, key, event) })
    }
}
