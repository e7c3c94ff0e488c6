import Foundation
import RosterAppModel
import RosterWire

/// An app model written out as App Services exports an app: the `realm_config.json` layout
/// (`config_version` 20210101) that `appservices pull` writes and `AppDirectory.read` reads
/// back. Every part of the model goes in: the root configuration, `environments/`, `values/`,
/// `auth/providers.json`, `auth/custom_user_data.json`, `data_sources/<service>/` with its
/// rules and schemas, `functions/config.json` beside `functions/<name>.js`, and `triggers/`.
/// No secret's value is ever written: the model holds none, only their names, which stand
/// where App Services writes them (`secret_config`, a value's `from_secret`).
///
///     let files = try AppDirectoryWriter.files(of: model)   // relative path to JSON or source
///     try AppDirectoryWriter.write(model, to: URL(fileURLWithPath: "backend"))
public enum AppDirectoryWriter {
    /// The environments App Services writes a file for, each with its values (`{}` for those
    /// the model does not hold).
    static let environments = ["no-environment", "development", "testing", "qa", "production"]

    /// The files of the export, by path relative to the directory, in the order written. Pure.
    /// A name that cannot be a file's or folder's name (empty, `.`/`..`, hidden, holding `/`
    /// where the layout has none) is refused, naming the part of the model it is in.
    public static func files(of model: AppModel) throws(AppDirectoryError) -> [(path: String, contents: Data)] {
        var files = AppDirectoryFiles()
        files.json("realm_config.json", rootConfig(model))
        var environmentNames = environments
        if let chosen = model.environment {
            try checkName(chosen, in: "environment")
            if !environmentNames.contains(chosen) { environmentNames.append(chosen) }
        }
        for environment in environmentNames {
            let values: JSONObject = environment == model.environment ? model.environmentValues : [:]
            files.json("environments/\(environment).json", .object(["values": .object(values)]))
        }
        for value in model.values {
            try checkName(value.name, in: "values")
            files.json("values/\(value.name).json", valueFile(value))
        }
        files.json("auth/providers.json", .object(JSONObject(uniqueKeysWithValues: try model.providers.map { provider throws(AppDirectoryError) in
            try checkName(provider.name, in: "auth/providers.json")
            return (provider.name, providerEntry(provider))
        })))
        if let data = model.customUserData { files.json("auth/custom_user_data.json", customUserDataFile(data)) }
        let sync = AppSyncFile.split(model)
        var written = model
        written.services = sync.services
        try writeDataSources(written, into: &files)
        try writeFunctions(model.functions, into: &files)
        if let file = sync.file { files.json(AppSyncFile.path, file) }
        for trigger in model.triggers {
            try checkName(trigger.name, in: "triggers")
            files.json("triggers/\(trigger.name).json", triggerFile(trigger))
        }
        return files.list
    }

    /// Writes the export into `root`. The folder must be missing or empty unless `replacing`,
    /// when what it holds is replaced file by file (files the export does not write are left).
    public static func write(_ model: AppModel, to root: URL, replacing: Bool = false) throws(AppDirectoryError) {
        let files = try files(of: model)
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: root.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw AppDirectoryError(file: root.path, reason: "exists and is not a folder") }
            let held = (try? manager.contentsOfDirectory(atPath: root.path)) ?? []
            if !held.isEmpty, !replacing {
                throw AppDirectoryError(
                    file: root.path, reason: "is not empty (it holds \(held.count) entries); export into a new folder, or replace what it holds")
            }
        }
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try contents.write(to: url, options: .atomic)
            } catch {
                throw AppDirectoryError(file: path, reason: "cannot be written: \(error.localizedDescription)")
            }
        }
    }

    // MARK: The parts

    static func rootConfig(_ model: AppModel) -> JSONValue {
        var root: JSONObject = ["config_version": .int(20210101), "app_id": .string(model.appId), "name": .string(model.name)]
        if let environment = model.environment { root["environment"] = .string(environment) }
        if let origins = model.allowedRequestOrigins { root["allowed_request_origins"] = .array(origins.map(JSONValue.string)) }
        return .object(root)
    }

    static func valueFile(_ value: AppValue) -> JSONValue {
        var file: JSONObject
        switch value.content {
        case .plain(let plain): file = ["name": .string(value.name), "value": plain, "from_secret": false]
        case .secret(let secret): file = ["name": .string(value.name), "value": .string(secret), "from_secret": true]
        }
        if value.isPrivate { file["private"] = true }
        file["id"] = value.id.map(JSONValue.string)
        return .object(file)
    }

    static func customUserDataFile(_ data: AppCustomUserData) -> JSONValue {
        var file: JSONObject = [
            "enabled": .bool(data.enabled), "mongo_service_name": .string(data.service), "database_name": .string(data.database),
            "collection_name": .string(data.collection), "user_id_field": .string(data.userIdField),
        ]
        if let function = data.onUserCreationFunctionName { file["on_user_creation_function_name"] = .string(function) }
        return .object(file)
    }

    static func triggerFile(_ trigger: AppTrigger) -> JSONValue {
        let config = trigger.exportedConfig
        var file: JSONObject = ["name": .string(trigger.name), "type": .string(trigger.kindName), "config": .object(config)]
        if let function = trigger.functionName { file["function_name"] = .string(function) }
        file["disabled"] = .bool(trigger.disabled)
        file["id"] = trigger.id.map(JSONValue.string)
        return .object(file)
    }

    /// A name the export makes a file or folder of. `nested` allows `/` between parts (a
    /// function's `utils/format`).
    static func checkName(_ name: String, in part: String, nested: Bool = false) throws(AppDirectoryError) {
        let parts = nested ? name.split(separator: "/", omittingEmptySubsequences: false).map(String.init) : [name]
        for piece in parts {
            guard !piece.isEmpty, !piece.hasPrefix("."), !piece.contains("/"), !piece.contains("\0") else {
                throw AppDirectoryError(file: part, key: name, reason: "'\(name)' cannot name a file or folder of the export")
            }
        }
    }
}

/// The files of an export being made, in order, each path once.
struct AppDirectoryFiles {
    private(set) var list: [(path: String, contents: Data)] = []

    mutating func json(_ path: String, _ value: JSONValue) {
        add(path, Data((value.prettyText(indent: 4) + "\n").utf8))
    }

    mutating func add(_ path: String, _ contents: Data) {
        list.removeAll { $0.path == path }
        list.append((path, contents))
    }
}
