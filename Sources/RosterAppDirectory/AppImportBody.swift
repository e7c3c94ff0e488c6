import Foundation
import RosterWire

/// An app directory as `appservices push` (realm-cli 2.x) sends it to the Admin API's `import`:
/// one JSON object holding the root configuration's keys beside `environments`, `values`,
/// `auth`, `functions` (`config` and `sources`), `triggers`, `data_sources`, `sync`, `graphql`,
/// `http_endpoints`, `endpoints`, `services`, `log_forwarders`, `data_api_config`, `hosting` and
/// `secrets`. Laid out again as the files `appservices pull` writes (`AppFileTree`), it is read by
/// the app directory's own reader, so an import is checked as `--app-dir` is and its faults name
/// the same files and keys. Pure.
///
///     let parsed = try AppImportBody(body)
///     let read = try AppDirectory.read(parsed.files, appId: app.clientAppId)
///     parsed.secrets   // [AppImportBody.Secret(name: "__mongodb-atlas_password", …)]
public struct AppImportBody: Sendable {
    /// A secret's value the import gives (`secrets.services.<service>.<key>` or
    /// `secrets.auth_providers.<provider>.<key>`): App Services keeps it as the secret
    /// `__<part>_<key>` and names it in that part's `secret_config`.
    public struct Secret: Sendable, Equatable {
        public enum Part: String, Sendable { case service = "services", provider = "auth_providers" }
        public var part: Part
        /// The service's or provider's name.
        public var owner: String
        /// The setting the secret fills (`secret_config`'s key).
        public var key: String
        public var value: String

        /// App Services' name for it.
        public var name: String { "__\(owner)_\(key)" }
    }

    public static let rootName = "the import"
    /// The keys of the root configuration (`realm_config.json`).
    static let rootKeys = ["config_version", "app_id", "name", "location", "deployment_model", "provider_region", "environment", "allowed_request_origins"]
    /// Every key the import's object may hold.
    static let knownKeys = rootKeys + [
        "environments", "values", "auth", "functions", "triggers", "data_sources", "sync", "graphql", "http_endpoints", "endpoints", "services",
        "log_forwarders", "data_api_config", "hosting", "secrets",
    ]

    public private(set) var files: AppFileTree
    public private(set) var secrets: [Secret] = []
    private let limits: AppDirectoryLimits

    /// Lays out `body`; refused, naming the key, when it is no app directory's JSON form or makes
    /// more files than `limits` lets a directory hold.
    public init(_ body: JSONValue, limits: AppDirectoryLimits = AppDirectoryLimits()) throws(AppDirectoryError) {
        files = AppFileTree(rootName: Self.rootName)
        self.limits = limits
        let top = try Self.object(body, "")
        if let version = top["config_version"], version != .int(20210101) {
            throw Self.fail(
                "config_version", "Roster imports config_version 20210101 (a realm_config.json directory, as appservices pulls it), not \(version.compactText.prefix(20))")
        }
        if let unknown = top.keys.sorted().first(where: { !Self.knownKeys.contains($0) }) {
            throw Self.fail(unknown, "unknown key (known here: \(Self.knownKeys.sorted().joined(separator: ", ")))")
        }
        var root = JSONObject()
        for key in Self.rootKeys { if let value = top[key], value != .null { root[key] = value } }
        try add("realm_config.json", .object(root), from: "")
        for (key, value) in top where value != .null {
            switch key {
            case "environments":
                for (file, values) in try Self.object(value, key) { try add("environments/\(file)", values, from: "\(key).\(file)") }
            case "values", "triggers", "log_forwarders":
                for (index, item) in try Self.array(value, key).enumerated() {
                    let name = try Self.name(item, "\(key).\(index)")
                    try add("\(key)/\(name).json", item, from: "\(key).\(index)")
                }
            case "auth": try auth(value)
            case "functions": try functions(value)
            case "data_sources": try dataSources(value)
            case "sync": if let config = try Self.object(value, key)["config"], config != .null { try add("sync/config.json", config, from: "sync.config") }
            case "graphql": try graphql(value)
            case "endpoints":
                if let config = try Self.object(value, key)["config"], config != .null { try add("http_endpoints/config.json", config, from: "endpoints.config") }
            case "http_endpoints", "services": try unservedServices(value, key)
            case "data_api_config": try add("http_endpoints/data_api_config.json", value, from: key)
            case "hosting": if !(try Self.object(value, key)).isEmpty { try add("hosting/metadata.json", value, from: key) }
            case "secrets": try secretValues(value)
            default: break
            }
        }
    }

    private mutating func add(_ path: String, _ value: JSONValue, from key: String) throws(AppDirectoryError) {
        try add(path, value.data, from: key)
    }

    private mutating func add(_ path: String, _ data: Data, from key: String) throws(AppDirectoryError) {
        guard files.count < limits.maxEntries else {
            throw Self.fail(key, "the import makes more than \(limits.maxEntries) files of an app directory")
        }
        try files.add(path, data, from: key)
    }

    /// `auth`: `providers` and `custom_user_data`, each one file.
    private mutating func auth(_ value: JSONValue) throws(AppDirectoryError) {
        let auth = try Self.object(value, "auth")
        for (key, part) in auth where part != .null {
            switch key {
            case "providers": try add("auth/providers.json", part, from: "auth.providers")
            case "custom_user_data": try add("auth/custom_user_data.json", part, from: "auth.custom_user_data")
            default: throw Self.fail("auth.\(key)", "unknown key (known here: custom_user_data, providers)")
            }
        }
    }

    /// `functions`: `config` (the list) and `sources` (each `.js` file by its path under `functions/`).
    private mutating func functions(_ value: JSONValue) throws(AppDirectoryError) {
        let functions = try Self.object(value, "functions")
        for (key, part) in functions where part != .null {
            switch key {
            case "config": try add("functions/config.json", part, from: "functions.config")
            case "sources":
                for (path, source) in try Self.object(part, "functions.sources") {
                    guard let text = source.stringValue else { throw Self.fail("functions.sources.\(path)", "must be a string") }
                    guard path.hasSuffix(".js") else { throw Self.fail("functions.sources.\(path)", "a function's source is a .js file") }
                    try add("functions/\(path)", Data(text.utf8), from: "functions.sources.\(path)")
                }
            default: throw Self.fail("functions.\(key)", "unknown key (known here: config, sources)")
            }
        }
    }

    /// `data_sources`: each `{config, default_rule, rules}`, its rules by database and collection
    /// with their `schema` and `relationships` as files of their own.
    private mutating func dataSources(_ value: JSONValue) throws(AppDirectoryError) {
        for (index, item) in try Self.array(value, "data_sources").enumerated() {
            let key = "data_sources.\(index)"
            let source = try Self.object(item, key)
            if let unknown = source.keys.sorted().first(where: { !["config", "default_rule", "rules"].contains($0) }) {
                throw Self.fail("\(key).\(unknown)", "unknown key (known here: config, default_rule, rules)")
            }
            guard let config = source["config"], config != .null else { throw Self.fail("\(key).config", "missing: each data source has its config") }
            let service = try Self.name(config, "\(key).config")
            let folder = "data_sources/\(service)"
            try add("\(folder)/config.json", config, from: "\(key).config")
            if let rule = source["default_rule"], rule != .null, !(try Self.object(rule, "\(key).default_rule")).isEmpty {
                try add("\(folder)/default_rule.json", rule, from: "\(key).default_rule")
            }
            for (ruleIndex, ruleValue) in try Self.array(source["rules"] ?? .array([]), "\(key).rules").enumerated() {
                let ruleKey = "\(key).rules.\(ruleIndex)"
                var rule = try Self.object(ruleValue, ruleKey)
                guard let database = rule["database"]?.stringValue, let collection = rule["collection"]?.stringValue else {
                    throw Self.fail(ruleKey, "a rule names its database and collection")
                }
                let place = "\(folder)/\(database)/\(collection)"
                if let schema = rule.removeValue(forKey: "schema"), schema != .null { try add("\(place)/schema.json", schema, from: "\(ruleKey).schema") }
                if let relationships = rule.removeValue(forKey: "relationships"), relationships != .null {
                    try add("\(place)/relationships.json", relationships, from: "\(ruleKey).relationships")
                }
                if rule.keys.contains(where: { $0 != "database" && $0 != "collection" }) { try add("\(place)/rules.json", .object(rule), from: ruleKey) }
            }
        }
    }

    /// `graphql`: its `config` and `custom_resolvers`, read and not served.
    private mutating func graphql(_ value: JSONValue) throws(AppDirectoryError) {
        let graphql = try Self.object(value, "graphql")
        if let config = graphql["config"], config != .null { try add("graphql/config.json", config, from: "graphql.config") }
        for (index, resolver) in try Self.array(graphql["custom_resolvers"] ?? .array([]), "graphql.custom_resolvers").enumerated() {
            try add("graphql/custom_resolvers/\(index).json", resolver, from: "graphql.custom_resolvers.\(index)")
        }
    }

    /// `services` and the older `http_endpoints`: third-party services, each a folder with its
    /// `config.json`, read and not served.
    private mutating func unservedServices(_ value: JSONValue, _ key: String) throws(AppDirectoryError) {
        for (index, item) in try Self.array(value, key).enumerated() {
            let service = try Self.object(item, "\(key).\(index)")
            let config = service["config"] ?? .emptyObject
            let name = try Self.name(config, "\(key).\(index).config")
            try add("\(key)/\(name)/config.json", config, from: "\(key).\(index).config")
        }
    }

    /// `secrets`: `{services: {<service>: {<key>: value}}, auth_providers: {…}}`.
    private mutating func secretValues(_ value: JSONValue) throws(AppDirectoryError) {
        for (partName, owners) in try Self.object(value, "secrets") where owners != .null {
            guard let part = Secret.Part(rawValue: partName) else { throw Self.fail("secrets.\(partName)", "unknown key (known here: auth_providers, services)") }
            for (owner, settings) in try Self.object(owners, "secrets.\(partName)") {
                for (key, secret) in try Self.object(settings, "secrets.\(partName).\(owner)") {
                    guard let text = secret.stringValue else { throw Self.fail("secrets.\(partName).\(owner).\(key)", "must be a string") }
                    guard secrets.count < limits.maxEntries else { throw Self.fail("secrets", "more than \(limits.maxEntries) secrets") }
                    secrets.append(Secret(part: part, owner: owner, key: key, value: text))
                }
            }
        }
    }

    // MARK: Reading the body

    private static func fail(_ key: String, _ reason: String) -> AppDirectoryError {
        AppDirectoryError(file: rootName, key: key.isEmpty ? nil : key, reason: reason)
    }

    private static func object(_ value: JSONValue, _ key: String) throws(AppDirectoryError) -> JSONObject {
        guard let object = value.objectValue else { throw fail(key, "must be a JSON object") }
        return object
    }

    private static func array(_ value: JSONValue, _ key: String) throws(AppDirectoryError) -> [JSONValue] {
        if value == .null { return [] }
        guard let array = value.arrayValue else { throw fail(key, "must be a list") }
        return array
    }

    /// The `name` of the object `value`, a string.
    private static func name(_ value: JSONValue, _ key: String) throws(AppDirectoryError) -> String {
        guard let name = value["name"]?.stringValue, !name.isEmpty else { throw fail("\(key).name", "missing: a name is required") }
        return name
    }
}
