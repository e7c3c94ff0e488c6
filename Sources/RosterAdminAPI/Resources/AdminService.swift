import RosterAppModel
import RosterWire

/// A service as the Admin API reads and writes it (`services`): `{"_id", "name", "type",
/// "config", "secret_config", "version"}`. Any name and type is kept; `mongodb`,
/// `mongodb-atlas` and `datalake` are data sources clients reach documents through. `config`
/// is kept as written, with Device Sync's `sync` or `flexible_sync` in it.
///
///     POST services {"name": "BackingDB", "type": "mongodb", "config": {"uri": "mongodb://…"}}
public struct AdminService: Codable, Sendable, Equatable {
    public var id: String?
    public var name: String
    public var type: String
    public var config: JSONValue?
    public var secretConfig: [String: String]?
    public var version: Int64?
    public var lastModified: Int64?

    enum CodingKeys: String, CodingKey {
        case id = "_id", name, type, config, secretConfig = "secret_config", version, lastModified = "last_modified"
    }

    public init(
        id: String? = nil, name: String, type: String, config: JSONValue? = nil, secretConfig: [String: String]? = nil,
        version: Int64? = nil, lastModified: Int64? = nil
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.config = config
        self.secretConfig = secretConfig
        self.version = version
        self.lastModified = lastModified
    }

    /// The service as a list shows it: `{"_id", "name", "type", "version", "last_modified"}`.
    public init(summaryOf service: AppService) {
        let id = Self.id(of: service)
        self.init(id: id, name: service.name, type: service.type, version: 1, lastModified: AdminObjectID.seconds(id))
    }

    /// The service whole, as `GET services/{id}` shows it.
    public init(_ service: AppService) {
        self.init(summaryOf: service)
        config = service.config
        secretConfig = service.secretConfig
    }

    /// The longest a service's type may be.
    static let maxTypeLength = 64

    public func appService(id: String) throws(AdminResourceError) -> AppService {
        try ResourceName.check(name)
        guard !type.isEmpty else { throw .missing("type") }
        guard type.utf8.count <= Self.maxTypeLength, type.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 }) else {
            throw .invalid("type", "is not a service type")
        }
        let config = self.config ?? .emptyObject
        guard config.objectValue != nil else { throw .invalid("config", "must be an object") }
        for (key, secret) in secretConfig ?? [:] { try ResourceName.check(secret, field: "secret_config.\(key)") }
        return AppService(name: name, type: type, config: config, secretConfig: secretConfig ?? [:], id: id)
    }

    /// Adds the service as `id`; a name another service has is refused.
    public func create(id: String) throws(AdminResourceError) -> AppEdit {
        let service = try appService(id: id)
        return { app in
            guard !app.services.contains(where: { $0.name == service.name }) else {
                throw AdminResourceError.duplicate("ServiceAlreadyExists", "a service named '\(service.name)' already exists")
            }
            app.services.append(service)
        }
    }

    /// Removes the service `id` with its rules and schemas; one custom user data or a
    /// database trigger reads from is refused.
    public static func delete(id: String) -> AppEdit {
        { app in
            let index = try index(of: id, in: app)
            let name = app.services[index].name
            if app.customUserData?.service == name {
                throw AdminResourceError.conflict("InvalidParameter", "service '\(name)' holds custom user data; change that first")
            }
            if let trigger = app.triggers.first(where: { if case .database(name, _, _, _) = $0.event { true } else { false } }) {
                throw AdminResourceError.conflict("InvalidParameter", "service '\(name)' is watched by the trigger '\(trigger.name)'; change that first")
            }
            app.services.remove(at: index)
            app.rules.removeAll { $0.service == name }
            app.schemas.removeAll { $0.service == name }
        }
    }

    /// Merges `patch`'s keys into the service's `config` (`PATCH services/{id}/config`): each
    /// key given replaces the one there, as realm-core sends `{"sync": {…}}`.
    public static func patchConfig(_ patch: JSONValue, id: String) throws(AdminResourceError) -> AppEdit {
        guard case .object(let fields) = patch else { throw .invalid("config", "must be an object") }
        return { app in
            let index = try index(of: id, in: app)
            var config = app.services[index].config.objectValue ?? [:]
            for (key, value) in fields { config[key] = value }
            app.services[index].config = .object(config)
        }
    }

    public static func find(id: String, in app: AppModel) throws(AdminResourceError) -> AppService {
        app.services[try index(of: id, in: app)]
    }

    static func id(of service: AppService) -> String {
        AdminObjectID.resolve(service.id, kind: "service", name: service.name)
    }

    static func index(of id: String, in app: AppModel) throws(AdminResourceError) -> Int {
        guard let index = app.services.firstIndex(where: { Self.id(of: $0) == id }) else { throw .notFound("ServiceNotFound", "service", id: id) }
        return index
    }

    /// The data source service `id`, for a setting that names it by id.
    static func dataSource(id: String, field: String, in app: AppModel) throws(AdminResourceError) -> AppService {
        guard let service = app.services.first(where: { Self.id(of: $0) == id }) else {
            throw .invalid(field, "names no service of the app ('\(AdminObjectID.printable(id))')")
        }
        guard service.isDataSource else {
            throw .invalid(field, "names '\(service.name)', a '\(service.type)' service, not a data source (\(AppService.dataSourceTypes.sorted().joined(separator: ", ")))")
        }
        return service
    }
}
