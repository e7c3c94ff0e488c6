/// What recording a deployment writes beside the app's change, in the same transaction, the same
/// for every store driver: the app as deployed, then the app's older deployments past the newest
/// `kept` dropped, as the app's own list of deployments drops them. An app's row going takes
/// its deployments with it (the schema's `ON DELETE CASCADE`).
///
///     for statement in DeploymentKeepingRule.statements(record) { … }
package enum DeploymentKeepingRule {
    /// How many deployments an app keeps, newest first (docs/SECURITY.md).
    package static let kept = 25

    package static func statements(_ record: HostedAppDeploymentRecord) -> [StoreStatement] {
        [
            """
            INSERT INTO hosted_app_deployments (id, hosted_app_id, app_version, document, deployed_at)
            VALUES (\(record.id), \(record.appId), \(record.appVersion), \(record.document), \(record.deployedAt))
            """,
            """
            DELETE FROM hosted_app_deployments WHERE hosted_app_id = \(record.appId) AND id NOT IN
            (SELECT id FROM hosted_app_deployments WHERE hosted_app_id = \(record.appId) ORDER BY app_version DESC LIMIT \(kept))
            """,
        ]
    }
}
