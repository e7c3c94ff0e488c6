import Foundation
import RosterServerCore
import RosterWire

/// A user of an app as the Admin API answers it (`GET users`, `POST users`): App Services'
/// user object, a server API key's user with `type: "server"`. `last_authentication_date` is
/// when the user last logged in (opened a session); a user who has not logged in since Roster
/// keeps that time answers its creation date.
struct AdminAppUser: Encodable {
    struct Identity: Encodable {
        var id: String
        var providerType: String

        enum CodingKeys: String, CodingKey {
            case id
            case providerType = "provider_type"
        }
    }

    var id: String
    var identities: [Identity]
    var type: UserType
    var creationDate: Int64
    var lastAuthenticationDate: Int64
    var disabled: Bool
    var data: [String: String]

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case identities, type
        case creationDate = "creation_date"
        case lastAuthenticationDate = "last_authentication_date"
        case disabled, data
    }

    init(_ user: AdminUser) {
        id = user.id
        identities = user.identities.map { Identity(id: $0.id, providerType: $0.providerType) }
        type = user.type
        creationDate = Int64(user.createdAt.timeIntervalSince1970.rounded(.down))
        lastAuthenticationDate = user.lastAuthenticatedAt.map { Int64($0.timeIntervalSince1970.rounded(.down)) } ?? creationDate
        disabled = user.disabled
        var data: [String: String] = [:]
        if let email = user.email { data["email"] = email }
        if let name = user.name { data["name"] = name }
        self.data = data
    }
}
