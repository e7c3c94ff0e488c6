import Foundation
import RosterAppModel

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

/// A draft deployed: kept with the app (the newest `AppDeployment.kept`) for
/// `GET deployments` and for realm-cli, which reads a deployment's status after deploying.
public struct AppDeployment: Codable, Sendable, Equatable {
    public var id: String
    public var draftId: String
    public var operatorId: String
    public var deployedAt: Date

    /// How many deployments an app keeps, newest first.
    static let kept = 25
}
