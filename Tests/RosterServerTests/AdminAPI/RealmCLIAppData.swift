import Foundation
import RosterWire

/// realm-cli 2.x's `local.LoadApp` for a `realm_config.json` app directory (AppDataV2): the
/// JSON object `push` sends to `import`, built from the directory's files key by key as its
/// `LoadData` does. Its structs' `omitempty` keeps an empty `auth`, `functions`, `endpoints`,
/// `graphql`, `sync` and `secrets` as `{}`; absent lists are left out.
enum RealmCLIAppData {
    static func body(_ root: URL) throws -> JSONValue {
        var app = try object(root.appendingPathComponent("realm_config.json"))
        var environments = JSONObject()
        for file in try names(root, "environments") { environments[file] = .object(try object(root.appendingPathComponent("environments/\(file)"))) }
        if !environments.isEmpty { app["environments"] = .object(environments) }
        if let values = try files(root, "values") { app["values"] = .array(values) }
        var auth = JSONObject()
        if let data = try optional(root.appendingPathComponent("auth/custom_user_data.json")) { auth["custom_user_data"] = data }
        if let providers = try optional(root.appendingPathComponent("auth/providers.json")) { auth["providers"] = providers }
        app["auth"] = .object(auth)
        var sync = JSONObject()
        if let config = try optional(root.appendingPathComponent("sync/config.json")) { sync["config"] = config }
        app["sync"] = .object(sync)
        var functions = JSONObject()
        if let config = try optional(root.appendingPathComponent("functions/config.json")) {
            functions["config"] = config
            var sources = JSONObject()
            for file in try names(root, "functions") where file.hasSuffix(".js") {
                sources[file] = .string(try String(contentsOf: root.appendingPathComponent("functions/\(file)"), encoding: .utf8))
            }
            functions["sources"] = .object(sources)
        }
        app["functions"] = .object(functions)
        if let triggers = try files(root, "triggers") { app["triggers"] = .array(triggers) }
        var graphql = JSONObject()
        if let config = try optional(root.appendingPathComponent("graphql/config.json")) { graphql["config"] = config }
        app["graphql"] = .object(graphql)
        app["endpoints"] = .emptyObject
        app["secrets"] = .emptyObject
        var sources: [JSONValue] = []
        for service in try names(root, "data_sources") {
            let folder = root.appendingPathComponent("data_sources/\(service)")
            var source = JSONObject()
            if let config = try optional(folder.appendingPathComponent("config.json")) { source["config"] = config }
            if let rule = try optional(folder.appendingPathComponent("default_rule.json")) { source["default_rule"] = rule }
            var rules: [JSONValue] = []
            for database in try names(folder, "") where !database.hasSuffix(".json") {
                for collection in try names(folder, database) {
                    let place = folder.appendingPathComponent("\(database)/\(collection)")
                    var rule = try optional(place.appendingPathComponent("rules.json"))?.objectValue ?? ["database": .string(database), "collection": .string(collection)]
                    if let schema = try optional(place.appendingPathComponent("schema.json")) { rule["schema"] = schema }
                    if let relationships = try optional(place.appendingPathComponent("relationships.json")) { rule["relationships"] = relationships }
                    rules.append(.object(rule))
                }
            }
            source["rules"] = .array(rules)
            sources.append(.object(source))
        }
        if !sources.isEmpty { app["data_sources"] = .array(sources) }
        return .object(app)
    }

    private static func names(_ root: URL, _ folder: String) throws -> [String] {
        let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    private static func files(_ root: URL, _ folder: String) throws -> [JSONValue]? {
        let found = try names(root, folder)
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path) else { return nil }
        return try found.map { try JSONValue(parsing: Data(contentsOf: root.appendingPathComponent("\(folder)/\($0)"))) }
    }

    private static func optional(_ url: URL) throws -> JSONValue? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONValue(parsing: Data(contentsOf: url))
    }

    private static func object(_ url: URL) throws -> JSONObject {
        try JSONValue(parsing: Data(contentsOf: url)).objectValue ?? [:]
    }
}
