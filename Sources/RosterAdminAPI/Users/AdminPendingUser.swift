import Foundation
import RosterServerCore

/// A registration not yet confirmed as the Admin API answers it (`GET
/// user_registrations/pending_users`): App Services' pending user, whose `user_id` stays empty
/// until the person's first log-in makes the user, and whose `domain_id` is the app's `_id`.
struct AdminPendingUser: Encodable {
    struct LoginID: Encodable {
        var id: String
        var idType = "email"

        enum CodingKeys: String, CodingKey {
            case id
            case idType = "id_type"
        }
    }

    var id: String
    var userId = ""
    var domainId: String
    var loginIds: [LoginID]

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case userId = "user_id"
        case domainId = "domain_id"
        case loginIds = "login_ids"
    }

    init(_ pending: PendingUser, in app: HostedApp) {
        id = pending.id
        domainId = app.id
        loginIds = [LoginID(id: pending.email)]
    }
}
