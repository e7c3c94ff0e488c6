import Foundation

/// The Admin API's operators, their API keys and their sessions, shared by every server process
/// over the store. Removing an operator removes its keys and sessions in the same transaction.
package protocol OperatorStore: Sendable {
    /// Stores a new operator; false when one with the same email exists.
    func createOperator(_ record: OperatorRecord) async throws -> Bool
    func operators() async throws -> [OperatorRecord]
    func operatorRecord(email: String) async throws -> OperatorRecord?
    func operatorRecord(id: String) async throws -> OperatorRecord?
    /// Removes the operator with its keys and sessions; false when there is none.
    func removeOperator(id: String) async throws -> Bool

    func addOperatorAPIKey(_ record: OperatorAPIKeyRecord) async throws
    func operatorAPIKey(publicKey: String) async throws -> OperatorAPIKeyRecord?

    func createAdminSession(_ record: AdminSessionRecord) async throws
    func adminSession(id: String) async throws -> AdminSessionRecord?
    /// Ends the session; false when there was none.
    func deleteAdminSession(id: String) async throws -> Bool
}

/// The apps the database holds, one document each (`HostedAppRecord`).
package protocol HostedAppStore: Sendable {
    /// Stores a new app at version 1; false when its id or client app id is taken.
    func createHostedApp(_ record: HostedAppRecord) async throws -> Bool
    func hostedApps() async throws -> [HostedAppRecord]
    func hostedApp(id: String) async throws -> HostedAppRecord?
    /// Replaces the app's document and name when the stored version is `record.version - 1`;
    /// false when it is not (another change came first, or the app is gone). A change that
    /// deploys the app keeps the app as deployed in the same transaction (`DeploymentKeepingRule`).
    func updateHostedApp(_ record: HostedAppRecord, deployment: HostedAppDeploymentRecord?) async throws -> Bool
    /// The app as one of its deployments served it; nil when the app has no such deployment kept.
    func hostedAppDeployment(appId: String, id: String) async throws -> HostedAppDeploymentRecord?
    /// Removes the app with its users and data (`AppDeletionRule`), in one transaction; false
    /// when there was none.
    func deleteHostedApp(id: String, clientAppId: String) async throws -> Bool
    /// The version of every app held: cheap enough to read every second.
    func hostedAppStamps() async throws -> [HostedAppStamp]
}
