import RosterWire

/// The Device Sync a data source's `config` turns on, as the Admin API stores it: `sync`
/// (partition-based, with its partition key and permissions) or `flexible_sync`, each on while
/// its `state` is `enabled`. Roster serves no Device Sync, but two things follow from it: what
/// the Admin API answers about sync, and, for partition-based sync, whose rules govern the
/// service's data (App Services: once sync is on for a cluster, its sync permissions apply to
/// every request to it, and the cluster's other rules do not).
///
///     service.config = ["sync": ["state": "enabled", "partition": ["key": "realm_id", "permissions": ["read": true, "write": true]]]]
///     AppServiceSync(service)?.mode          // .partition
///     AppServiceSync(service)?.permissions   // (read: true, write: true)
///     AppServiceSync.role(read: true, write: true) // the role "sync" every request then has
public struct AppServiceSync: Sendable {
    public enum Mode: String, Sendable { case partition = "sync", flexible = "flexible_sync" }

    public var mode: Mode
    /// The partition key (`partition.key`), for partition-based sync.
    public var partitionKey: String?
    /// `partition.permissions`, each `true`, `false` or an expression, when given.
    public var permissions: (read: JSONValue, write: JSONValue)?

    /// The sync `service` turns on, or nil: not a data source, or no mode `enabled`.
    public init?(_ service: AppService) {
        guard service.isDataSource, case .object(let config) = service.config else { return nil }
        if let partition = Self.enabled(config[Mode.partition.rawValue]) {
            mode = .partition
            partitionKey = partition["partition"]?["key"]?.stringValue
            if case .object(let given)? = partition["partition"]?["permissions"] {
                permissions = (given["read"] ?? false, given["write"] ?? false)
            }
        } else if Self.enabled(config[Mode.flexible.rawValue]) != nil {
            mode = .flexible
        } else {
            return nil
        }
    }

    /// Why a service's sync permissions cannot be served, by the key in its `config`.
    public struct Refusal: Error, Equatable {
        public var key: String
        public var reason: String

        public init(key: String, reason: String) {
            self.key = key
            self.reason = reason
        }
    }

    /// The role partition-based sync's permissions, expanded (`expandedPermissions`), make for
    /// every request to the service. `%%partition` is the document's partition key, `%%root.<key>`: a partition is the
    /// documents that share that value, so each has its partition's permissions. Write
    /// permission implies read; inserting or deleting a document is writing it.
    ///
    ///     permissions {"read": true, "write": {"%%partition": {"$ne": "read-only"}}}, key "realm_id"
    ///     // role "sync": read true, write/insert/delete {"%%root.realm_id": {"$ne": "read-only"}}
    public static func role(read: JSONValue, write: JSONValue) -> AppRole {
        let readOrWrite: JSONValue =
            switch (read, write) {
            case (.bool(true), _), (_, .bool(true)): true
            case (_, .bool(false)): read
            case (.bool(false), _): write
            default: ["%or": [read, write]]
            }
        return AppRole(name: "sync", read: readOrWrite, write: write, insert: write, delete: write)
    }

    /// `permissions` with `%%partition` naming the document's partition key, for
    /// partition-based sync; nil otherwise.
    public func expandedPermissions() throws(Refusal) -> (read: JSONValue, write: JSONValue)? {
        guard mode == .partition, let permissions else { return nil }
        let path = "sync.partition.permissions"
        return (
            try Self.partitionExpanded(permissions.read, key: partitionKey, at: "\(path).read"),
            try Self.partitionExpanded(permissions.write, key: partitionKey, at: "\(path).write")
        )
    }

    /// `value` with every `%%partition` (as a key or a value, alone or with a path after it)
    /// naming the document's partition key instead.
    static func partitionExpanded(_ value: JSONValue, key: String?, at path: String) throws(Refusal) -> JSONValue {
        func expanded(_ text: String) throws(Refusal) -> String {
            guard text == "%%partition" || text.hasPrefix("%%partition.") else { return text }
            guard let key, !key.isEmpty else { throw Refusal(key: path, reason: "names %%partition, but sync.partition.key names no partition key") }
            return "%%root.\(key)" + text.dropFirst("%%partition".count)
        }
        switch value {
        case .string(let text): return .string(try expanded(text))
        case .array(let items):
            var out: [JSONValue] = []
            for item in items { out.append(try partitionExpanded(item, key: key, at: path)) }
            return .array(out)
        case .object(let fields):
            var out = JSONObject()
            for (name, field) in fields { out[try expanded(name)] = try partitionExpanded(field, key: key, at: path) }
            return .object(out)
        default: return value
        }
    }

    private static func enabled(_ value: JSONValue?) -> JSONObject? {
        guard case .object(let object)? = value, object["state"] == "enabled" else { return nil }
        return object
    }
}

extension AppModel {
    /// The data sources whose config turns Device Sync on, with the sync each turns on.
    public var syncedServices: [(service: AppService, sync: AppServiceSync)] {
        services.compactMap { service in AppServiceSync(service).map { (service, $0) } }
    }
}
