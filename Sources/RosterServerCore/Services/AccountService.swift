import Foundation
import RosterWire

/// Ends accounts at their user's request: deleting the caller removes the user with everything
/// it owns, in one transaction (`ServerStore.deleteUser`), and the audit trail records it.
///
///     try await accounts.delete(caller, address: context.clientAddress)
package struct AccountService: Sendable {
    package let store: any UserStore
    package let audit: AuditTrail
    /// Runs the app's authentication triggers of `DELETE`.
    package let triggers: TriggerService?

    /// DELETE /auth/delete: the caller's user, its sessions, identities, API keys, account
    /// tokens and owned documents.
    package func delete(_ caller: AuthorizedSession, address: String) async throws {
        let identities = triggers == nil ? [] : ((try? await store.identities(appId: caller.app.id, userId: caller.user.id)) ?? [])
        _ = try await store.deleteUser(appId: caller.app.id, userId: caller.user.id)
        let providers = identities.compactMap { ProviderType(rawValue: $0.providerType) }
        await triggers?.authentication(.delete, app: caller.app, providers: providers, user: caller.user, identities: identities)
        await audit.record(.userDeleted, appId: caller.app.id, userId: caller.user.id, address: address)
    }

    package init(store: any UserStore, audit: AuditTrail, triggers: TriggerService? = nil) {
        self.store = store
        self.audit = audit
        self.triggers = triggers
    }
}
