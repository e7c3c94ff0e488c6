import Foundation
import GRDB

extension SQLiteServerStore {
    private static let hostedAppColumns = "id, group_id, client_app_id, name, document, version, created_at, updated_at"

    private static func hostedApp(_ row: Row) -> HostedAppRecord {
        HostedAppRecord(
            id: row[0], groupId: row[1], clientAppId: row[2], name: row[3], document: row[4], version: row[5], createdAt: row[6],
            updatedAt: row[7])
    }

    package func createHostedApp(_ record: HostedAppRecord) async throws -> Bool {
        try await durableWrite { db in
            try db.execute(
                sql: "INSERT INTO hosted_apps (\(Self.hostedAppColumns)) VALUES (?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [record.id, record.groupId, record.clientAppId, record.name, record.document, record.createdAt, record.updatedAt])
            return db.changesCount == 1
        }
    }

    package func hostedApps() async throws -> [HostedAppRecord] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.hostedAppColumns) FROM hosted_apps ORDER BY created_at, id").map(Self.hostedApp)
        }
    }

    package func hostedApp(id: String) async throws -> HostedAppRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.hostedAppColumns) FROM hosted_apps WHERE id = ?", arguments: [id]).map(Self.hostedApp)
        }
    }

    package func updateHostedApp(_ record: HostedAppRecord, deployment: HostedAppDeploymentRecord?) async throws -> Bool {
        try await durableWrite { db in
            try db.execute(
                sql: "UPDATE hosted_apps SET name = ?, document = ?, version = ?, updated_at = ? WHERE id = ? AND version = ?",
                arguments: [record.name, record.document, record.version, record.updatedAt, record.id, record.version - 1])
            guard db.changesCount == 1 else { return false }
            for statement in deployment.map(DeploymentKeepingRule.statements) ?? [] { _ = try db.count(statement) }
            return true
        }
    }

    package func hostedAppDeployment(appId: String, id: String) async throws -> HostedAppDeploymentRecord? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT id, hosted_app_id, app_version, document, deployed_at FROM hosted_app_deployments WHERE hosted_app_id = ? AND id = ?",
                arguments: [appId, id]
            ).map { HostedAppDeploymentRecord(id: $0[0], appId: $0[1], appVersion: $0[2], document: $0[3], deployedAt: $0[4]) }
        }
    }

    package func deleteHostedApp(id: String, clientAppId: String) async throws -> Bool {
        try await durableWrite { db in
            var deleted = false
            for statement in AppDeletionRule.statements(id: id, clientAppId: clientAppId) { deleted = try db.count(statement) > 0 }
            return deleted
        }
    }

    package func hostedAppStamps() async throws -> [HostedAppStamp] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT id, version FROM hosted_apps").map { HostedAppStamp(id: $0[0], version: $0[1]) }
        }
    }
}
