import Foundation
import RosterAppModel
import RosterServerCore

/// Changes to an app held back until they are deployed, as App Services' drafts hold them:
/// while an app has a draft, every change the Admin API makes to its resources goes into the
/// draft's model and the app is served as it was; deploying serves the draft's model at once,
/// discarding drops it. One draft per app (an app has one operator's group).
public struct AppDraft: Codable, Sendable, Equatable {
    /// The draft's `_id`, an ObjectId's hex.
    public var id: String
    /// The operator who made it.
    public var operatorId: String
    /// The app as the draft would make it.
    public var model: AppModel
    public var createdAt: Date
    /// The values of the app's secrets as the draft would make them: App Services' drafts hold
    /// every change to an app, secrets too. Nil in a draft stored before drafts held them: the
    /// app's own are the draft's then.
    public var secrets: [String: String]? = nil
}

/// A deployment of the app: a draft deployed, a change made without a draft (served at once,
/// as App Services deploys it), or an earlier deployment served again (`redeploy`). Kept with
/// the app (the newest `AppDeployment.kept`) for `GET deployments`, for realm-cli, which reads
/// a deployment's status after deploying, and for realm-js's app importer, which lists them and
/// serves its first again to reuse an app; the app as each served it is kept beside
/// (`HostedAppDeploymentRecord`).
public struct AppDeployment: Codable, Sendable, Equatable {
    public var id: String
    /// The draft deployed; nil for a change made without one, or a deployment served again.
    public var draftId: String?
    public var operatorId: String
    public var deployedAt: Date

    /// How many deployments an app keeps, newest first.
    static let kept = DeploymentKeepingRule.kept

    /// `model` as a deployment makes the app: everything but the secrets, which stay as `app`
    /// has them (no deployment holds them, as App Services' do not).
    static func model(_ model: AppModel, keepingSecretsOf app: AppModel) -> AppModel {
        var deployed = model
        deployed.secrets = app.secrets
        return deployed
    }
}
