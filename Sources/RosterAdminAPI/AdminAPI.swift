import Hummingbird
import RosterServer
import RosterServerCore
import Synchronization

/// App Services' Admin API on a server: added when it opens, beside the client API, with the
/// apps the database holds. Once the server is open, `apps` serves them and follows the store.
///
///     let admin = AdminAPI()
///     let server = try await ServerAssembly.open(databasePath: db, apps: [], additions: [admin])
///     try await admin.apps?.serveAll()
public final class AdminAPI: RouteAddition, Sendable {
    private let built = Mutex<AdminApps?>(nil)
    private let versions = HostedAppVersions()
    /// Where the Admin API is served, for the links into its logs.
    private let address = AdminAPIAddress()
    /// The cost the users of the apps it serves have their passwords hashed at.
    private let passwordHashing: PasswordHashingConfig

    /// `passwordHashing`: OWASP's cost, as every server keeps; tests give the cheaper one their
    /// apps' users have (a user's hash keeps its cost, so a log-in checks it at that cost).
    public init(passwordHashing: PasswordHashingConfig = .owasp) {
        self.passwordHashing = passwordHashing
    }

    /// The apps the database holds, once the server this was added to is open.
    public var apps: AdminApps? { built.withLock { $0 } }

    /// Tells it that it is served on an address of its own (`serve --admin-listen`) whose public
    /// base is `base` (nil while it is not known): error answers' links point there, or are
    /// left empty while it is not known.
    public func servedAlone(at base: PublicURL?) {
        address.servedAlone(at: base)
    }

    package func add(to router: Router<RosterRequestContext>, _ services: RouteServices) {
        let core = services.core
        let sessions = AdminSessions(services: core)
        let apps = AdminApps(services: core, versions: versions, passwordHashing: passwordHashing)
        built.withLock { $0 = apps }
        services.logLinks.use(AppLogLinks(versions: versions, address: address))
        let admin = router.group(RouterPath(AdminAPIVersion.path)).add(middleware: AdminBodyLimit())
        AdminAuthRoutes.add(to: admin, sessions, audit: core.audit)
        let groups = admin.group("groups/:groupId").add(middleware: AdminCallerMiddleware(sessions: sessions))
        AdminAppRoutes.add(to: groups, apps, audit: core.audit)
        AppResourceRoutes.add(to: groups.group("apps/:appId"), store: AdminAppResources(apps: apps, audit: core.audit))
        AdminUserRoutes.add(to: groups.group("apps/:appId"), AdminAppUsers(apps: apps, admin: core.admin, tokens: core.tokens), audit: core.audit)
        AdminAPIKeyRoutes.add(
            to: groups.group("apps/:appId"),
            ServerAPIKeys(apps: apps, store: core.hosting.store, ids: apps.ids, now: core.environment.now), audit: core.audit)
        AdminLogRoutes.add(
            to: groups.group("apps/:appId"), AppLogs(apps: apps, store: core.audit.store, runs: core.hosting.store, now: core.environment.now))
        AdminDraftRoutes.add(to: groups.group("apps/:appId"), AdminDrafts(apps: apps), audit: core.audit)
        AdminImportRoutes.add(to: groups.group("apps/:appId"), AdminImports(apps: apps), audit: core.audit)
        AdminFunctionRunRoutes.add(
            to: groups.group("apps/:appId"), AdminFunctionRuns(apps: apps, served: core.apps, functions: core.functions, now: core.environment.now),
            audit: core.audit)
        let privateGroups = router.group(RouterPath(AdminAPIVersion.privatePath)).add(middleware: AdminBodyLimit())
            .group("groups/:groupId").add(middleware: AdminCallerMiddleware(sessions: sessions))
        AdminPrivateRoutes.add(to: privateGroups.group("apps/:appId"), AdminPrivateSettings(apps: apps), audit: core.audit)
        AdminPendingUserRoutes.add(
            to: groups.group("apps/:appId"),
            AdminPendingUsers(apps: apps, admin: core.admin, served: core.apps, emailPassword: core.emailPassword), audit: core.audit)
    }
}
