import Foundation
import RosterServerCore
import RosterWire

/// The users of an app the database holds, as an operator of its group manages them: listed,
/// read, made with email and password, deleted (with the app's `DELETE` authentication
/// triggers), logged out everywhere, disabled and enabled; and a client access token checked.
/// Another group's app is AppNotFound; a user the app does not have is UserNotFound (404).
///
///     let users = AdminAppUsers(apps: apps, admin: core.admin, tokens: core.tokens)
///     let made = try await users.create(email: "ann@example.com", password: "secret1", app: appId, in: groupId)
struct AdminAppUsers: Sendable {
    let apps: AdminApps
    let admin: ServerAdmin
    let tokens: TokenService

    /// The largest token `verify` reads: far more than any access token Roster signs.
    static let maxTokenBytes = 16 * 1024

    /// The users one `GET users` answers at most, as App Services pages them.
    static let pageSize = 50

    /// A page of the app's users by id, after the user `after` when given.
    func list(after: String?, app id: String, in groupId: String) async throws -> (HostedApp, [AdminUser]) {
        let app = try await apps.app(id, in: groupId)
        if let after, !AdminObjectID.isValid(after) { throw AdminResourceError.invalid("after", "is not an ObjectId") }
        return (app, try await admin.listUsers(appId: app.clientAppId, after: after?.lowercased(), limit: Self.pageSize))
    }

    func user(_ userId: String, app id: String, in groupId: String) async throws -> (HostedApp, AdminUser) {
        let app = try await apps.app(id, in: groupId)
        return (app, try await find(userId, in: app))
    }

    func create(email: String, password: String, app id: String, in groupId: String) async throws -> (HostedApp, AdminUser) {
        let app = try await apps.app(id, in: groupId)
        let userId: String
        do {
            userId = try await admin.createEmailUser(appId: app.clientAppId, email: email, password: password)
        } catch ServerAdminError.emailInUse {
            throw AdminResourceError(status: 409, code: "AccountNameInUse", message: "name already in use")
        } catch ServerAdminError.invalidEmail {
            throw AdminResourceError.invalid("email", "is not an email address")
        } catch ServerAdminError.passwordTooShort {
            throw AdminResourceError.invalid("password", "must be between 6 and 128 characters")
        }
        return (app, try await find(userId, in: app))
    }

    func delete(_ userId: String, app id: String, in groupId: String) async throws -> HostedApp {
        let app = try await apps.app(id, in: groupId)
        try await mapped { try await admin.deleteUser(appId: app.clientAppId, userId: userId) }
        return app
    }

    func logOut(_ userId: String, app id: String, in groupId: String) async throws -> HostedApp {
        let app = try await apps.app(id, in: groupId)
        _ = try await mapped { try await admin.revokeSessions(appId: app.clientAppId, userId: userId) }
        return app
    }

    func setDisabled(_ disabled: Bool, _ userId: String, app id: String, in groupId: String) async throws -> HostedApp {
        let app = try await apps.app(id, in: groupId)
        try await mapped { try await admin.setDisabled(appId: app.clientAppId, userId: userId, disabled) }
        return app
    }

    /// The claims of a client access token of this app: 400 when it is no token at all, 401
    /// when it is not valid now or is another app's.
    func verify(_ token: String, app id: String, in groupId: String) async throws -> AccessTokenClaims {
        let app = try await apps.app(id, in: groupId)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard !token.isEmpty, token.utf8.count <= Self.maxTokenBytes, parts.count == 3 else {
            throw AdminResourceError.invalid("token", "is not a JSON Web Token")
        }
        let claims: AccessTokenClaims
        do {
            claims = try await tokens.verifyAccess(token)
        } catch {
            throw AdminResourceError(status: 401, code: "InvalidSession", message: error.error)
        }
        guard claims.appId == app.clientAppId else {
            throw AdminResourceError(status: 401, code: "InvalidSession", message: "the access token is not one of this app's")
        }
        return claims
    }

    private func find(_ userId: String, in app: HostedApp) async throws -> AdminUser {
        // An ObjectId is never an email, so `findUser` can look up by id alone.
        guard AdminObjectID.isValid(userId), let user = try await admin.findUser(appId: app.clientAppId, idOrEmail: userId) else {
            throw Self.notFound
        }
        return user
    }

    private func mapped<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch ServerAdminError.userNotFound {
            throw Self.notFound
        }
    }

    static let notFound = AdminResourceError(status: 404, code: "UserNotFound", message: "user not found")
}
