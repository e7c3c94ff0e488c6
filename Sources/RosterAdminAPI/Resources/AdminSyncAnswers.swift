import RosterAppModel
import RosterWire

/// What the Admin API answers about Device Sync for a server that serves none: the queries
/// realm-core's harness makes (`sync/progress`, `sync/state`, `sync/migration`,
/// `sync/schemas/versions`) are answered as they stand, and the actions that need a running sync
/// (`sync/force_reset`, starting or rolling back `sync/migration`) are refused with App Services'
/// `ServiceNotFound`, naming what is missing.
public enum AdminSyncAnswers {
    /// `GET sync/progress`: no translator has anything to copy, so each collection the app's
    /// schemas name is complete at once, and no sync client is accepted. realm-core's harness
    /// waits on the first for partition-sync apps and on `accepting_clients` for flexible-sync
    /// ones, which therefore waits in vain, as it should.
    ///
    /// An app none of whose data sources turns sync on has no sync to report: App Services
    /// answers so in words realm-kotlin's harness reads as "no sync here, nothing to wait for".
    ///
    ///     {"progress": {"test_data.Dog": {"complete": true, ...}}, "accepting_clients": false}
    public static func progress(_ app: AppModel) throws(AdminResourceError) -> JSONValue {
        guard !app.syncedServices.isEmpty else { throw noSyncService }
        var progress = JSONObject()
        for schema in app.schemas {
            progress["\(schema.database).\(schema.collection)"] = [
                "complete": true, "documents_copied": 0, "total_documents": 0, "started_at": .null, "completed_at": .null,
            ]
        }
        return ["progress": .object(progress), "accepting_clients": false]
    }

    /// `sync/progress` of an app with no data source whose sync is `enabled`.
    public static let noSyncService = AdminResourceError(
        status: 404, code: "ServiceNotFound", message: "there are no mongodb/atlas services with provided sync state")

    /// The kinds `GET sync/state` takes as `sync_type`.
    public static let syncTypes: Set<String> = ["flexible", "partition"]

    /// `GET sync/state?sync_type=…`: the state of the app's sync process. None runs here, so it is
    /// terminated (App Services' empty state), whatever the service's `sync` config says it should be.
    public static func state(syncType: String?) throws -> JSONValue {
        if let syncType, !syncTypes.contains(syncType) {
            throw AdminResourceError.invalid("sync_type", "must be 'flexible' or 'partition'")
        }
        return ["state": ""]
    }

    /// `GET sync/migration`: no migration between partition and flexible sync has run, nor is one running.
    public static let migration: JSONValue = [
        "statusMessage": "", "errorMessage": "", "isMigrated": false, "isCancelable": false, "isRevertible": false,
    ]

    /// `PUT sync/migration` `{"serviceId", "action": "start" | "rollback"}`: read and checked
    /// (the service must be the app's), then refused, as a migration needs a running sync.
    public struct MigrationRequest: Decodable, Sendable {
        public var serviceId: String
        public var action: String

        public func refusal(in app: AppModel) throws(AdminResourceError) -> AdminResourceError {
            guard ["start", "rollback"].contains(action) else { throw .invalid("action", "must be 'start' or 'rollback'") }
            guard AdminObjectID.isValid(serviceId) else { throw .invalid("serviceId", "is not an ObjectId") }
            _ = try AdminService.find(id: serviceId.lowercased(), in: app)
            return AdminSyncAnswers.notServed("there is no sync to migrate")
        }
    }

    /// `GET sync/schemas/versions`: the sync schema's versions, none while no sync has taken a schema.
    public static let schemaVersions: JSONValue = ["versions": []]

    /// `PUT sync/force_reset`, on the Admin API and on the private API alike.
    public static let forceResetRefusal = notServed("there is no sync client file to reset")

    /// The refusal of an action that needs a running sync: `what` says what there is not.
    public static func notServed(_ what: String) -> AdminResourceError {
        AdminResourceError(status: 404, code: "ServiceNotFound", message: "Device Sync is not served for this app: \(what)")
    }
}
