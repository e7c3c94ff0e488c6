import Foundation

/// `POST /auth/providers/local-userpass/login`. realm-core also sends `"provider": "userpass"`,
/// which is ignored.
struct AdminPasswordLoginRequest: Decodable {
    var username: String
    var password: String
}

/// `POST /auth/providers/mongodb-cloud/login`: an operator API key, public part as `username`.
struct AdminAPIKeyLoginRequest: Decodable {
    var username: String
    var apiKey: String
}

/// `POST /groups/{group}/apps`. Anything else sent (realm-js's `sync`, a `location`) is ignored.
struct CreateAppRequest: Decodable {
    var name: String
}

/// `GET /auth/profile`, as App Services answers it: the deployment tools read `roles[0].group_id`.
struct AdminProfile: Encodable {
    struct Role: Encodable {
        var roleName = "GROUP_OWNER"
        var groupId: String
        enum CodingKeys: String, CodingKey {
            case roleName = "role_name"
            case groupId = "group_id"
        }
    }
    struct Identity: Encodable {
        var id: String
        var providerType = "local-userpass"
        enum CodingKeys: String, CodingKey {
            case id
            case providerType = "provider_type"
        }
    }
    struct Data: Encodable {
        var email: String
    }

    var userId: String
    var type = "normal"
    var data: Data
    var identities: [Identity]
    var roles: [Role]

    enum CodingKeys: String, CodingKey {
        case userId = "user_id"
        case type, data, identities, roles
    }

    init(_ caller: AdminCaller) {
        userId = caller.operatorId
        data = Data(email: caller.email)
        identities = [Identity(id: caller.operatorId)]
        roles = [Role(groupId: caller.groupId)]
    }
}

/// An app as the Admin API answers it (`_id`, `client_app_id`, …); times in seconds.
struct AdminAppResponse: Encodable {
    var id: String
    var clientAppId: String
    var name: String
    var location = "US-VA"
    var deploymentModel = "GLOBAL"
    var domainId: String
    var groupId: String
    var lastUsed: Int64
    var lastModified: Int64
    var product: String
    var environment: String

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case clientAppId = "client_app_id"
        case name, location
        case deploymentModel = "deployment_model"
        case domainId = "domain_id"
        case groupId = "group_id"
        case lastUsed = "last_used"
        case lastModified = "last_modified"
        case product, environment
    }

    init(_ app: HostedApp) {
        id = app.id
        clientAppId = app.clientAppId
        name = app.model.name
        domainId = app.id
        groupId = app.groupId
        lastUsed = Int64(app.updatedAt.timeIntervalSince1970)
        lastModified = Int64(app.updatedAt.timeIntervalSince1970)
        product = app.product
        environment = app.model.environment ?? ""
    }
}
