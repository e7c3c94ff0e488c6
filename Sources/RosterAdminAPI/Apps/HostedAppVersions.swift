import Synchronization

/// Which version of each hosted app this server process serves, by the app's `_id`, with the
/// client app id it is served under and its group: what the follower compares the store with,
/// and what error answers' links name (`AppLogLinks`). Shared by the routes and the follower of
/// one server.
final class HostedAppVersions: Sendable {
    struct Served: Sendable, Equatable {
        var version: Int
        var clientAppId: String
        var groupId: String
    }

    private let served = Mutex<[String: Served]>([:])

    /// Records `version` as served when it is newer than the one served; whether it was.
    func claim(_ id: String, _ served: Served) -> Bool {
        self.served.withLock { all in
            if let current = all[id], current.version >= served.version { return false }
            all[id] = served
            return true
        }
    }

    func remove(_ id: String) -> Served? {
        served.withLock { $0.removeValue(forKey: id) }
    }

    var snapshot: [String: Served] { served.withLock { $0 } }

    /// The `_id` and group of the app served to clients as `clientAppId`; nil for none.
    func app(servedAs clientAppId: String) -> (id: String, groupId: String)? {
        served.withLock { all in
            all.first { $0.value.clientAppId == clientAppId }.map { ($0.key, $0.value.groupId) }
        }
    }
}
