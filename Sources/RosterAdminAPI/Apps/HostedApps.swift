import Foundation
import RosterServer
import RosterServerCore

/// The apps a server's database holds (made through the Admin API), read without serving them:
/// what `roster-server export --db` writes out.
///
///     let found = try await HostedApps(server: server).app("kiosk-abcde")
///     try AppDirectoryWriter.write(found!.model, to: folder)
public struct HostedApps: Sendable {
    let store: any HostedAppStore

    public init(server: RosterServer) {
        store = server.services.hosting.store
    }

    /// The app clients name `id`, or whose Admin API id (`_id`) is `id`; nil when the database
    /// holds none.
    public func app(_ id: String) async throws -> HostedApp? {
        guard let record = try await store.hostedApps().first(where: { $0.clientAppId == id || $0.id == id }) else { return nil }
        return try AdminApps.decoded(record)
    }

    /// The client app ids of every app the database holds, oldest first.
    public func clientAppIds() async throws -> [String] {
        try await store.hostedApps().map(\.clientAppId)
    }
}
