import Foundation
import RosterCore
import RosterEmbedded

/// A device of a given number of users under a folder, kept for the next run: real log-ins up to
/// `realUsers` (`BenchmarkDevice`), copies past them (`DeviceCopies`), then opened again so the
/// store gives the copies their list names. What roster-bench's scale and command-line figures
/// measure against.
public enum ScaledDevice {
    /// The device of `users` users in `root/<users>-users`, opened, and where it is.
    public static func open(users: Int, realUsers: Int, root: URL) async throws -> (home: URL, embedded: EmbeddedDefault) {
        let home = root.appendingPathComponent("\(users)-users")
        let paths = try RosterPaths(home: home.path, environment: [:])
        let filling = try await EmbeddedDefault.open(paths: paths)
        let real = try await BenchmarkDevice.fill(filling, users: min(users, realUsers))
        let copies = try DeviceCopies.fill(paths: paths, appId: filling.config.appId, users: users)
        let embedded = try await EmbeddedDefault.open(paths: paths)
        print(String(format: "  %7d users: filled in %.1f s (%d logged in, %d copied)", users, real.seconds + copies.seconds, real.added, copies.added))
        return (home, embedded)
    }
}
