import Foundation
import Synchronization

/// The apps a server serves now, by id: fixed at start for apps of files and directories, and
/// changed while serving for the apps the database holds (the Admin API's). Every service reads
/// it at each request, so an app added is served at once and an app removed is refused at once.
/// Its lock is held only to read or swap the dictionary.
///
///     let apps = ServedApps([demo])
///     apps["roster-demo"]?.config.name
///     apps.replace(newApp)
package final class ServedApps: Sendable {
    private let served: Mutex<[String: ServedApp]>

    package init(_ apps: [String: ServedApp] = [:]) {
        served = Mutex(apps)
    }

    package subscript(appId: String) -> ServedApp? {
        served.withLock { $0[appId] }
    }

    /// The apps now, in no order.
    package var values: [ServedApp] { served.withLock { Array($0.values) } }
    package var keys: [String] { served.withLock { Array($0.keys) } }
    package var isEmpty: Bool { served.withLock { $0.isEmpty } }

    /// Serves `app` in place of any app of the same id.
    package func replace(_ app: ServedApp) {
        served.withLock { $0[app.id] = app }
    }

    /// Stops serving the app; whether it was served.
    @discardableResult
    package func remove(_ appId: String) -> Bool {
        served.withLock { $0.removeValue(forKey: appId) != nil }
    }
}
