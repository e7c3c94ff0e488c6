import Foundation
@testable import RosterServer
@testable import RosterServerCore
import RosterServerAssembly

/// The routes a server serves, read from its router (`Router.routes`) as `RosterServer.open`
/// put it together, over a real SQLite file.
///
///     let served = try await ServedRoutes.list(TestConfig.app())
///     // ["GET /api/client/v2.0/app/{appId}/location", …]
enum ServedRoutes {
    /// "METHOD /path" for every route, parameters written `{name}` as OpenAPI does.
    static func list(_ config: AppConfig) async throws -> Set<String> {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-routes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await ServerAssembly.open(
            databasePath: directory.appendingPathComponent("server.sqlite").path, apps: [config],
            environment: ServerEnvironment(outboxDirectory: directory.appendingPathComponent("outbox")))
        return Set(server.routes.map(openAPIPath))
    }

    /// `/a/:id/b` → `/a/{id}/b`, `/a/**` → `/a/{path}`; a path already written with braces
    /// stays as it is.
    static func openAPIPath(_ route: String) -> String {
        route.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            // `**` (any number of segments) is written as one parameter, `{path}`.
            segment == "**" ? "{path}" : segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
        }.joined(separator: "/")
    }
}
