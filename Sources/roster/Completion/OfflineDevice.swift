import Foundation
import RosterCore
import RosterEmbedded

/// The device's store alone, for a shell's Tab: no embedded server starts and nothing is sent,
/// so it is answered in the time it takes to read a few rows. A device not made yet is not made
/// here: there is nothing to read.
enum OfflineDevice {
    /// The app on the device the options name (`--home`, `--server`, `--app` or their
    /// environment variables), or nil when there is no device store there.
    static func open(home: String?, server: String?, app: String?, environment: [String: String]) -> App? {
        guard let paths = try? RosterPaths(home: home, environment: environment),
            let location = try? DeviceLocation(paths: paths, server: server, app: app, environment: environment),
            location.exists
        else { return nil }
        return try? location.openOffline()
    }
}
