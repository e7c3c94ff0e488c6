import RosterAppModel
import RosterWire

/// What `GET sync/progress` answers for a server that serves no Device Sync: no translator
/// has anything to copy, so each collection the app's schemas name is complete at once, and
/// no sync client is accepted. realm-core's suite waits on the first for partition-sync apps
/// and on `accepting_clients` for flexible-sync ones, which therefore waits in vain, as it should.
///
///     {"progress": {"test_data.Dog": {"complete": true, ...}}, "accepting_clients": false}
public enum AdminSyncProgress {
    public static func answer(_ app: AppModel) -> JSONValue {
        var progress = JSONObject()
        for schema in app.schemas {
            progress["\(schema.database).\(schema.collection)"] = [
                "complete": true, "documents_copied": 0, "total_documents": 0, "started_at": .null, "completed_at": .null,
            ]
        }
        return ["progress": .object(progress), "accepting_clients": false]
    }
}
