import Foundation
import RosterDocuments
import RosterWire

/// The user's own record as a rule reads it (`%%user.data`, `%%user.identities`, `%%user.type`),
/// read again from the store for a change stream that follows it (`WatcherUser`).
extension DataAccessService {
    /// Whether `rule`'s roles read the user's own record: `%%user.identities`, `%%user.type`
    /// (which the identities tell), `%%user.data` (what their providers gave), or the whole
    /// `%%user`; never under Roster's rule words. A change stream of such a rule follows the
    /// user's changes (`WatcherUser`).
    static func readsUserRecord(_ rule: DataRule) -> Bool {
        guard !rule.isWords else { return false }
        let text = String(decoding: (try? JSONEncoder().encode(rule.roles)) ?? Data(), as: UTF8.self)
        return ["\"%%user\"", "%%user.identities", "%%user.type", "%%user.data"].contains { text.contains($0) }
    }

    /// The caller's user as stored now: `data` (what their providers gave), and, with
    /// `identities`, their identities and the type they tell, as `expansions` gives them. Nil
    /// when the user is no longer stored, or there is no user store to read.
    func storedUser(of caller: AuthorizedSession, identities readsIdentities: Bool) async throws -> JSONObject? {
        guard let users, let record = try await users.user(appId: caller.app.id, id: caller.user.id) else { return nil }
        var user: JSONObject = ["data": .object((try? JSONValue(parsing: record.profile))?.objectValue ?? [:])]
        if readsIdentities, let fields = try await identityFields(of: caller) { user.merge(fields) { $1 } }
        return user
    }

    /// The caller's `%%user.identities`, as the store holds them now, and the `%%user.type` they
    /// tell: what a data call's expansions (`expansions(for:…)`) and a watch following its user
    /// (`storedUser`) both read. Nil when there is no user store to read.
    func identityFields(of caller: AuthorizedSession) async throws -> JSONObject? {
        guard let users else { return nil }
        let identities = try await users.identities(appId: caller.app.id, userId: caller.user.id)
        return [
            "identities": .array(identities.map { ["id": .string($0.providerId), "provider_type": .string($0.providerType)] }),
            "type": .string(UserType(records: identities).rawValue),
        ]
    }
}
