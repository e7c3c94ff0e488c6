import Foundation

extension AuthorizedSession {
    /// The session of the system user, whom no rule limits, as the server runs a function for
    /// itself (a trigger's, an authentication provider's, the user creation function). Its user
    /// has no id (no stored user's id is empty), no data and no identities.
    static func system(app: ServedApp, at now: Date) -> AuthorizedSession {
        AuthorizedSession(
            app: app, user: UserRecord(id: "", appId: app.id, disabled: false, createdAt: now, profile: "{}"),
            session: SessionRecord(
                id: "", appId: app.id, userId: "", deviceId: "", refreshDigest: "", createdAt: now, expiresAt: now, revoked: false))
    }

    /// Whether this is the system user's session (`system(app:at:)`), not a user's.
    var isSystem: Bool { user.id.isEmpty }
}
