import Foundation
import RosterAppModel
import RosterWire

/// An App Services app as `appservices pull` (or the older `realm-cli export`) writes it, read
/// into the app model. Both layouts: `realm_config.json` (`config_version` 20210101) and
/// `root_config.json`, with `environments/`, `values/`, `auth/providers.json`,
/// `auth/custom_user_data.json`, `data_sources/<service>/` (its `config.json`,
/// `default_rule.json`, and each `<database>/<collection>/rules.json` and `schema.json`),
/// `functions/config.json` beside `functions/<name>.js`, `triggers/`, and `sync/config.json`
/// (development mode, and the sync of the data source it names: `AppSyncFile`). What Roster does not
/// serve (Device Sync, GraphQL, hosting, endpoints, log forwarders, schema validation) is read
/// and accepted, and named in `notServed`, one line each, for the server to say at start.
///
///     let read = try AppDirectory.read(URL(fileURLWithPath: "backend"), appId: nil, environment: "production")
///     read.model.providers  // from auth/providers.json
///     read.notServed        // ["Device Sync (sync/config.json) is not served"]
public struct AppDirectory: Sendable, Equatable {
    public var model: AppModel
    /// What the directory holds that Roster reads but does not serve, one line each.
    public var notServed: [String]

    public init(model: AppModel, notServed: [String]) {
        self.model = model
        self.notServed = notServed
    }

    /// Reads the app directory at `root`. `appId` is used when the root configuration has no
    /// `app_id`; `environment` chooses `environments/<environment>.json` over the root's
    /// `environment`. A fault anywhere refuses the whole directory, naming file, key and reason.
    public static func read(
        _ root: URL, appId: String? = nil, environment: String? = nil, limits: AppDirectoryLimits = AppDirectoryLimits()
    ) throws(AppDirectoryError) -> AppDirectory {
        try read(DiskAppFiles(root: root), appId: appId, environment: environment, limits: limits)
    }

    /// Reads the app directory `files` hold: a folder on disk, or the files an import sent
    /// (`AppImportBody`), the same way and within the same limits.
    public static func read(
        _ files: some AppFiles, appId: String? = nil, environment: String? = nil, limits: AppDirectoryLimits = AppDirectoryLimits()
    ) throws(AppDirectoryError) -> AppDirectory {
        do {
            var reader = AppDirectoryReader(walk: DirectoryWalk(files: files, limits: limits))
            return try reader.read(appId: appId, environment: environment)
        } catch let error as AppDirectoryError {
            throw error
        } catch {
            throw AppDirectoryError(file: files.rootName, reason: "\(error)")
        }
    }
}

/// The reading of one directory, part by part.
struct AppDirectoryReader {
    var walk: DirectoryWalk
    var notServed: [String] = []

    /// The top-level names an export may hold, beside the root configuration.
    static let served: Set<String> = ["auth", "data_sources", "environments", "functions", "triggers", "values"]
    /// The parts Roster reads and accepts but does not serve, with the line that says so.
    static let unserved: [String: String] = [
        "sync": "Device Sync (sync/config.json) is not served",
        "graphql": "GraphQL (graphql/) is not served",
        "hosting": "Static hosting (hosting/) is not served",
        "http_endpoints": "HTTPS endpoints (http_endpoints/) are not served",
        "https_endpoints": "HTTPS endpoints (https_endpoints/) are not served",
        "log_forwarders": "Log forwarders (log_forwarders/) are not served",
        "services": "Third-party services (services/) are not served",
        "auth_providers": "The older export's auth_providers/ is not read: Roster reads auth/providers.json",
    ]
    static let rootFiles = ["realm_config.json", "root_config.json", "config.json"]

    mutating func read(appId option: String?, environment chosen: String?) throws -> AppDirectory {
        guard try walk.kind("") == .folder else { throw AppDirectoryError(file: walk.files.rootName, reason: "not a folder") }
        let names = try walk.names(in: "")
        for name in names where !Self.served.contains(name) && !Self.rootFiles.contains(name) {
            if let line = Self.unserved[name] {
                try acceptUnserved(name)
                notServed.append(line)
            } else {
                notServed.append("\(name) is not part of an App Services app and is not read")
            }
        }
        var model = try root(names, appId: option, environment: chosen)
        if let environment = model.environment, names.contains("environments") {
            model.environmentValues = try environmentValues(environment)
        }
        if names.contains("values") { model.values = try values() }
        if names.contains("auth") {
            if let providers = try walk.fieldsIfPresent("auth/providers.json") { model.providers = try Self.providers(providers) }
            if let data = try walk.fieldsIfPresent("auth/custom_user_data.json") { model.customUserData = try Self.customUserData(data) }
        }
        if names.contains("data_sources") { (model.services, model.rules) = try dataSources() }
        if names.contains("sync"), try walk.kind(AppSyncFile.path) == .file {
            try AppSyncFile.read(try JSONFields(try walk.json(AppSyncFile.path), file: AppSyncFile.path), into: &model)
        }
        if names.contains("functions") { model.functions = try functions() }
        if names.contains("triggers") { model.triggers = try triggers() }
        try Self.refuseSharedIds(model)
        return AppDirectory(model: model, notServed: notServed)
    }

    /// Two resources of one kind under one `id` would leave the Admin API naming only the first:
    /// refused, naming where the second is.
    private static func refuseSharedIds(_ model: AppModel) throws {
        let kinds: [(file: String, ids: [(name: String, id: String?)])] = [
            ("functions/config.json", model.functions.map { ($0.name, $0.id) }),
            ("triggers", model.triggers.map { ($0.name, $0.id) }),
            ("values", model.values.map { ($0.name, $0.id) }),
            ("auth/providers.json", model.providers.map { ($0.name, $0.id) }),
            ("data_sources", model.services.map { ($0.name, $0.id) }),
            ("data_sources", model.rules.flatMap { rules in
                [("\(rules.service)/default_rule.json", rules.defaultRuleId)]
                    + rules.collections.map { ("\(rules.service)/\($0.database)/\($0.collection)/rules.json", $0.id) }
            }),
        ]
        for kind in kinds {
            var seen: [String: String] = [:]
            for (name, id) in kind.ids {
                guard let id else { continue }
                if let first = seen[id] {
                    throw AppDirectoryError(file: kind.file, key: name, reason: "its id \(id) is the id of '\(first)' too")
                }
                seen[id] = name
            }
        }
    }

    /// A part Roster does not serve: its JSON files at the top of the part are read, so a broken
    /// one is refused as anywhere else; what lies below (hosted files) is not.
    private mutating func acceptUnserved(_ name: String) throws {
        guard try walk.kind(name) == .folder else { return }
        for file in try walk.names(in: name) where file.hasSuffix(".json") {
            let path = "\(name)/\(file)"
            if try walk.kind(path) == .file { _ = try walk.json(path) }
        }
    }

    /// `realm_config.json` (config_version 20210101), else `root_config.json`.
    private func root(_ names: [String], appId option: String?, environment chosen: String?) throws -> AppModel {
        let file: String
        if names.contains("realm_config.json") {
            file = "realm_config.json"
        } else if names.contains("root_config.json") {
            file = "root_config.json"
        } else if names.contains("config.json") {
            throw AppDirectoryError(
                file: "config.json", reason: "an export of config_version 20200603 or older; export the app again with a current appservices")
        } else {
            throw AppDirectoryError(file: "realm_config.json", reason: "missing: an app directory has realm_config.json or root_config.json")
        }
        let fields = try JSONFields(try walk.json(file), file: file)
        try fields.known([
            "config_version", "app_id", "name", "location", "deployment_model", "provider_region", "environment",
            "allowed_request_origins", "security",
        ])
        if let version = fields.value("config_version") {
            guard version == .int(20210101) else {
                throw fields.fail("config_version", "Roster reads config_version 20210101, not \(version.compactText)")
            }
        }
        let name = try fields.requiredString("name")
        let appId = try fields.string("app_id").flatMap { $0.isEmpty ? nil : $0 } ?? option ?? name
        var origins = try fields.strings("allowed_request_origins")
        if let security = try fields.fields("security") {
            try security.known(["allowed_request_origins"])
            if let listed = try security.strings("allowed_request_origins") { origins = (origins ?? []) + listed }
        }
        let written = try fields.string("environment").flatMap { $0.isEmpty ? nil : $0 }
        let environment = chosen ?? written
        return AppModel(name: name, appId: appId, environment: environment, allowedRequestOrigins: origins)
    }

    /// `environments/<environment>.json`: `{"values": {…}}`.
    private mutating func environmentValues(_ environment: String) throws -> JSONObject {
        let known = try walk.names(in: "environments").filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        let file = "environments/\(environment).json"
        guard known.contains(environment) else {
            throw AppDirectoryError(file: file, reason: "missing: the environments are \(known.joined(separator: ", "))")
        }
        let fields = try JSONFields(try walk.json(file), file: file)
        try fields.known(["values"])
        guard let values = fields.value("values") else { return [:] }
        guard let object = values.objectValue else { throw fields.fail("values", "must be a JSON object") }
        return object
    }

    /// `values/<name>.json`: `{"name": …, "value": …, "from_secret": …}`.
    private mutating func values() throws -> [AppValue] {
        var values: [AppValue] = []
        for name in try walk.names(in: "values") {
            let file = "values/\(name)"
            guard name.hasSuffix(".json") else { throw AppDirectoryError(file: file, reason: "values/ holds .json files only") }
            let fields = try JSONFields(try walk.json(file), file: file)
            try fields.known(["name", "value", "from_secret", "private", "id"])
            let valueName = try fields.requiredString("name")
            var value: AppValue
            if try fields.bool("from_secret") == true {
                guard let secret = try fields.string("value"), !secret.isEmpty else {
                    throw fields.fail("value", "a value from a secret names the secret")
                }
                value = AppValue(name: valueName, content: .secret(secret))
            } else {
                value = AppValue(name: valueName, content: .plain(fields.object["value"] ?? .null))
            }
            value.isPrivate = try fields.bool("private") ?? false
            value.id = try fields.objectId()
            values.append(value)
        }
        return values
    }

    /// `auth/custom_user_data.json`.
    static func customUserData(_ fields: JSONFields) throws -> AppCustomUserData {
        try fields.known([
            "enabled", "mongo_service_name", "database_name", "collection_name", "user_id_field",
            "on_user_creation_function_name", "on_user_creation_function_id",
        ])
        let enabled = try fields.bool("enabled") ?? false
        func part(_ key: String) throws -> String { enabled ? try fields.requiredString(key) : try fields.string(key) ?? "" }
        return AppCustomUserData(
            enabled: enabled, service: try part("mongo_service_name"), database: try part("database_name"),
            collection: try part("collection_name"), userIdField: try part("user_id_field"),
            onUserCreationFunctionName: try fields.string("on_user_creation_function_name").flatMap { $0.isEmpty ? nil : $0 })
    }
}
