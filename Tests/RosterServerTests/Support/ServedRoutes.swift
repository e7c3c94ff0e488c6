import Foundation
import Hummingbird
@testable import RosterServer

/// The routes a server serves, read from its router (`Router.routes`): the router is put
/// together as `RosterServer.open` does, over a real SQLite file, and asked what it holds.
///
///     let served = try await ServedRoutes.list(TestConfig.app())
///     // ["GET /api/client/v2.0/app/{appId}/location", …]
enum ServedRoutes {
    /// "METHOD /path" for every route, parameters written `{name}` as OpenAPI does.
    static func list(_ config: AppConfig) async throws -> Set<String> {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-routes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ServerEnvironment(outboxDirectory: directory.appendingPathComponent("outbox"))
        let store = try SQLiteServerStore(path: directory.appendingPathComponent("server.sqlite").path)
        let app = try await ServedApp(
            config: config, environment: environment, defaultOutbox: directory.appendingPathComponent("outbox"))
        let apps = [config.appId: app]
        let ids = IdentifierSource(randomBytes: environment.randomBytes)
        let tokens = await TokenService(secret: environment.randomBytes(TokenService.secretBytes), now: environment.now)
        let customData = CustomDataService(store: store, ids: ids)
        let sessions = SessionService(store: store, tokens: tokens, customData: customData, ids: ids, apps: apps, now: environment.now)
        let audit = AuditTrail(store: store, now: environment.now, logger: environment.logger)
        let services = RouteServices(
            audit: audit,
            login: LoginService(
                store: store, sessions: sessions, limiter: AttemptLimiter(store: store, now: environment.now), audit: audit,
                ids: ids, apps: apps, now: environment.now),
            sessions: sessions,
            apiKeys: APIKeyService(store: store, ids: ids, now: environment.now),
            emailPassword: EmailPasswordService(store: store, ids: ids, now: environment.now, logger: environment.logger),
            functions: FunctionCallService(data: DataAccessService(store: store, ids: ids, now: environment.now)),
            maxRequestBytes: config.maxRequestBytes)
        let router = Router(context: RosterRequestContext.self)
        AppRoutes.add(to: router, services)
        AuthRoutes.add(to: router, services)
        try router.validate()
        return Set(router.routes.map { "\($0.method.rawValue) \(openAPIPath($0.path.description))" })
    }

    /// `/a/:id/b` → `/a/{id}/b`; a path already written with braces stays as it is.
    static func openAPIPath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
        }.joined(separator: "/")
    }
}
