import Foundation

/// A draft as App Services' Admin API answers it: `_id`, the operator (`user_id`) and the app.
struct AdminDraftResponse: Encodable, Sendable {
    struct App: Encodable, Sendable {
        var id: String
        var clientAppId: String
        var name: String
        var groupId: String

        enum CodingKeys: String, CodingKey {
            case name
            case id = "_id"
            case clientAppId = "client_app_id"
            case groupId = "group_id"
        }
    }

    var id: String
    var userId: String
    var createdAt: Int64
    var app: App

    enum CodingKeys: String, CodingKey {
        case app
        case id = "_id"
        case userId = "user_id"
        case createdAt = "created_at"
    }

    init(_ draft: AppDraft, of app: HostedApp) {
        id = draft.id
        userId = draft.operatorId
        createdAt = Int64(draft.createdAt.timeIntervalSince1970.rounded(.down))
        self.app = App(id: app.id, clientAppId: app.clientAppId, name: app.model.name, groupId: app.groupId)
    }
}

/// A deployment as App Services' Admin API answers it; Roster deploys at once, so its
/// `status` is always `successful` (realm-cli waits while it is `created` or `pending`).
struct AdminDeploymentResponse: Encodable, Sendable {
    var id: String
    var appId: String
    var draftId: String?
    var userId: String
    var deployedAt: Int64
    var origin = "API"
    var status = "successful"
    var statusErrorMessage = ""

    enum CodingKeys: String, CodingKey {
        case origin, status
        case id = "_id"
        case appId = "app_id"
        case draftId = "draft_id"
        case userId = "user_id"
        case deployedAt = "deployed_at"
        case statusErrorMessage = "status_error_message"
    }

    init(_ deployment: AppDeployment, of app: HostedApp) {
        id = deployment.id
        appId = app.id
        draftId = deployment.draftId
        userId = deployment.operatorId
        deployedAt = Int64(deployment.deployedAt.timeIntervalSince1970.rounded(.down))
    }
}

/// A draft's `diff`: the changes deploying it would make, in words (`AppDraftDiff`), and the
/// parts App Services diffs that Roster does not have, empty.
struct AdminDraftDiffResponse: Encodable, Sendable {
    struct Files: Encodable, Sendable {
        var added: [String] = []
        var deleted: [String] = []
        var modified: [String] = []
    }

    struct FieldDiffs: Encodable, Sendable {
        var fieldDiffs: [String] = []
        enum CodingKeys: String, CodingKey { case fieldDiffs = "field_diffs" }
    }

    var diffs: [String]
    var hostingFilesDiff = Files()
    var dependenciesDiff = Files()
    var graphqlConfigDiff = FieldDiffs()

    enum CodingKeys: String, CodingKey {
        case diffs
        case hostingFilesDiff = "hosting_files_diff"
        case dependenciesDiff = "dependencies_diff"
        case graphqlConfigDiff = "graphql_config_diff"
    }
}
