import Foundation
import Logging
import PostgresNIO
import RosterServerCore

extension PostgresServerStore {
    private static let hostedAppColumns = "id, group_id, client_app_id, name, document, version, created_at, updated_at"

    private static func hostedApp(_ row: PostgresRow) throws -> HostedAppRecord {
        let (id, groupId, clientAppId, name, document, version, createdAt, updatedAt) = try row.decode(
            (String, String, String, String, String, Int64, Date, Date).self)
        return HostedAppRecord(
            id: id, groupId: groupId, clientAppId: clientAppId, name: name, document: document, version: Int(version), createdAt: createdAt,
            updatedAt: updatedAt)
    }

    package func createHostedApp(_ record: HostedAppRecord) async throws -> Bool {
        let logger = logger
        return try await write { db in
            try await !db.query(
                """
                INSERT INTO hosted_apps (\(unescaped: Self.hostedAppColumns)) VALUES (\(record.id), \(record.groupId),
                \(record.clientAppId), \(record.name), \(record.document), 1, \(record.createdAt), \(record.updatedAt))
                ON CONFLICT DO NOTHING RETURNING id
                """, logger: logger
            ).collect().isEmpty
        }
    }

    package func hostedApps() async throws -> [HostedAppRecord] {
        try await rows("SELECT \(unescaped: Self.hostedAppColumns) FROM hosted_apps ORDER BY created_at, id").map(Self.hostedApp)
    }

    package func hostedApp(id: String) async throws -> HostedAppRecord? {
        try await rows("SELECT \(unescaped: Self.hostedAppColumns) FROM hosted_apps WHERE id = \(id)").first.map(Self.hostedApp)
    }

    package func updateHostedApp(_ record: HostedAppRecord, deployment: HostedAppDeploymentRecord?) async throws -> Bool {
        let logger = logger
        let (version, previous) = (Int64(record.version), Int64(record.version - 1))
        return try await write { db in
            let updated = try await !db.query(
                """
                UPDATE hosted_apps SET name = \(record.name), document = \(record.document), version = \(version),
                updated_at = \(record.updatedAt) WHERE id = \(record.id) AND version = \(previous) RETURNING id
                """, logger: logger
            ).collect().isEmpty
            guard updated else { return false }
            for statement in deployment.map(DeploymentKeepingRule.statements) ?? [] { _ = try await db.count(statement, logger: logger) }
            return true
        }
    }

    package func hostedAppDeployment(appId: String, id: String) async throws -> HostedAppDeploymentRecord? {
        try await rows(
            "SELECT id, hosted_app_id, app_version, document, deployed_at FROM hosted_app_deployments WHERE hosted_app_id = \(appId) AND id = \(id)"
        ).first.map { row in
            let (id, appId, version, document, deployedAt) = try row.decode((String, String, Int64, String, Date).self)
            return HostedAppDeploymentRecord(id: id, appId: appId, appVersion: Int(version), document: document, deployedAt: deployedAt)
        }
    }

    package func deleteHostedApp(id: String, clientAppId: String) async throws -> Bool {
        let logger = logger
        return try await write { db in
            var deleted = false
            for statement in AppDeletionRule.statements(id: id, clientAppId: clientAppId) {
                deleted = try await db.count(statement, logger: logger) > 0
            }
            return deleted
        }
    }

    package func hostedAppStamps() async throws -> [HostedAppStamp] {
        try await rows("SELECT id, version FROM hosted_apps").map { row in
            let (id, version) = try row.decode((String, Int64).self)
            return HostedAppStamp(id: id, version: Int(version))
        }
    }
}
