import Foundation
import RosterServerCore
import RosterWire

/// The registrations of an app not yet confirmed (App Services' pending users), as an operator
/// of its group settles them: listed fifty at a time, confirmed (the person then logs in as
/// after confirming by token), deleted with the tokens sent to them, sent a new confirmation
/// message, or put through the app's confirmation function again. Another group's app is
/// AppNotFound; an email with no registration is UserNotFound (404), a confirmed one
/// UserAlreadyConfirmed (400).
///
///     let pending = AdminPendingUsers(apps: apps, admin: core.admin, served: core.apps, emailPassword: core.emailPassword)
///     try await pending.confirm(email: "ann@example.com", app: appId, in: groupId)
struct AdminPendingUsers: Sendable {
    let apps: AdminApps
    let admin: ServerAdmin
    let served: ServedApps
    let emailPassword: EmailPasswordService

    /// The longest email a path may name: `EmailPasswordService.looksLikeEmail`'s bound.
    static let maxEmailLength = 254

    /// A page of the app's pending registrations by id, after the one `after` when given.
    func list(after: String?, app id: String, in groupId: String) async throws -> (HostedApp, [PendingUser]) {
        let app = try await apps.app(id, in: groupId)
        if let after, !AdminObjectID.isValid(after) { throw AdminResourceError.invalid("after", "is not an ObjectId") }
        return (app, try await admin.pendingUsers(appId: app.clientAppId, after: after?.lowercased(), limit: AdminAppUsers.pageSize))
    }

    func confirm(email: String, app id: String, in groupId: String) async throws -> HostedApp {
        let app = try await apps.app(id, in: groupId)
        try await mapped { try await admin.confirmPendingUser(appId: app.clientAppId, email: email) }
        return app
    }

    func delete(email: String, app id: String, in groupId: String) async throws -> HostedApp {
        let app = try await apps.app(id, in: groupId)
        try await mapped { try await admin.deletePendingUser(appId: app.clientAppId, email: email) }
        return app
    }

    /// A new confirmation token to the app's outbox (`send_confirm`).
    func sendConfirmation(email: String, app id: String, in groupId: String, for caller: AdminCaller) async throws -> HostedApp {
        let (app, served, email) = try await pending(email, app: id, in: groupId)
        try await answeredAsAdmin {
            try await emailPassword.resendConfirmation(app: served, EmailRequest(email: email), caller: .user(caller.operatorId))
        }
        return app
    }

    /// The app's confirmation function again with a new token (`run_confirm`).
    func runConfirmation(email: String, app id: String, in groupId: String, for caller: AdminCaller) async throws -> HostedApp {
        let (app, served, email) = try await pending(email, app: id, in: groupId)
        try await answeredAsAdmin {
            try await emailPassword.rerunConfirmation(app: served, EmailRequest(email: email), caller: .user(caller.operatorId))
        }
        return app
    }

    /// The app, as served now, with its email/password provider, and the email; whether the
    /// email is pending the email/password service decides.
    private func pending(_ email: String, app id: String, in groupId: String) async throws -> (HostedApp, ServedApp, String) {
        let app = try await apps.app(id, in: groupId)
        guard let served = served[app.clientAppId] else { throw AdminResourceError.notFound("AppNotFound", "app", id: id) }
        guard served.config.providers.emailPassword != nil else {
            throw AdminResourceError(status: 400, code: "AuthProviderNotFound", message: "the app has no local-userpass provider enabled")
        }
        return (app, served, email)
    }

    /// The email a path names, percent-decoded (once: the routes decode, the methods above take
    /// the result) and in the case the store keeps: an address of at most 254 characters.
    static func email(_ component: String) throws -> String {
        guard let email = component.removingPercentEncoding, !email.isEmpty, email.count <= maxEmailLength, email.contains("@") else {
            throw AdminResourceError.invalid("email", "is not an email address")
        }
        return EmailPasswordProvider.normalize(email)
    }

    private func mapped(_ work: () async throws -> Void) async throws {
        do {
            try await work()
        } catch ServerAdminError.userNotFound {
            throw Self.notFound
        } catch ServerAdminError.alreadyConfirmed {
            throw Self.alreadyConfirmed
        }
    }

    /// The email/password service's refusals in the Admin API's words (a missing user is 404).
    private func answeredAsAdmin(_ work: () async throws -> Void) async throws {
        do {
            try await work()
        } catch let refusal as ErrorResponse {
            if refusal.errorCode == ErrorCode.userNotFound.rawValue { throw Self.notFound }
            let status = ErrorCode(rawValue: refusal.errorCode)?.httpStatus ?? 400
            throw AdminResourceError(status: status, code: refusal.errorCode, message: refusal.error)
        }
    }

    static let notFound = AdminResourceError(status: 404, code: "UserNotFound", message: "user not found")
    static let alreadyConfirmed = AdminResourceError(status: 400, code: "UserAlreadyConfirmed", message: "already confirmed")
}
