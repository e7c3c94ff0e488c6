import Foundation

/// The app as one of its deployments served it, kept so that the deployment can be served again
/// (`redeploy`): the model's document, without the secrets' values, which no deployment holds.
package struct HostedAppDeploymentRecord: Sendable, Equatable {
    /// The deployment's `_id` (an ObjectId's hex).
    package var id: String
    /// The hosted app's id.
    package var appId: String
    /// The app's version the deployment made: orders an app's deployments.
    package var appVersion: Int
    /// The app model as deployed: what RosterAdminAPI's `AppModel` encodes.
    package var document: String
    package var deployedAt: Date

    package init(id: String, appId: String, appVersion: Int, document: String, deployedAt: Date) {
        self.id = id
        self.appId = appId
        self.appVersion = appVersion
        self.document = document
        self.deployedAt = deployedAt
    }
}
