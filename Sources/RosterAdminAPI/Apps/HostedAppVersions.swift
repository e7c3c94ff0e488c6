import Synchronization

/// Which version of each hosted app this server process serves, by the app's `_id`, with the
/// client app id it is served under: what the follower compares the store with. Shared by the
/// routes and the follower of one server.
final class HostedAppVersions: Sendable {
    struct Served: Sendable, Equatable {
        var version: Int
        var clientAppId: String
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
}
