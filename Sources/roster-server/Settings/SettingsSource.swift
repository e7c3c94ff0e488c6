import Configuration
import Foundation
import RosterWire
import SystemPackage

/// One place `serve` takes settings from, read with swift-configuration's providers: the
/// command-line options, the `ROSTER_*` environment variables, or a settings JSON file. Each
/// names a setting as the operator wrote it there, so that a refusal says where to look.
///
///     let environment = SettingsSource.environment(ProcessInfo.processInfo.environment)
///     let port = try await environment.int(.port)  // from ROSTER_PORT
struct SettingsSource: Sendable {
    enum Place: Sendable, Equatable {
        case options
        case environment
        /// A settings file, by the path it was given as.
        case file(String)
    }

    let place: Place
    private let reader: ConfigReader

    /// The options given on the command line, by their settings keys.
    static func options(_ values: [SettingKey: ConfigContent]) -> SettingsSource {
        var keyed: [AbsoluteConfigKey: ConfigValue] = [:]
        for (key, content) in values { keyed[AbsoluteConfigKey(ConfigKey(key.key))] = ConfigValue(content, isSecret: key == .db) }
        return SettingsSource(place: .options, reader: ConfigReader(provider: InMemoryProvider(name: "options", values: keyed)))
    }

    /// The `ROSTER_*` variables of `environment`; `ROSTER_DB` may hold a password, so it is secret.
    static func environment(_ environment: [String: String]) -> SettingsSource {
        let provider = EnvironmentVariablesProvider(
            environmentVariables: environment, secretsSpecifier: .specific([SettingKey.db.variable])
        ).prefixKeys(with: "roster")
        return SettingsSource(place: .environment, reader: ConfigReader(provider: provider))
    }

    /// The settings JSON file at `path`, refused whole when it cannot be read, holds more than
    /// `BoundedFile.configBytes`, is not a JSON object, or holds a key that is not a setting.
    static func file(_ path: String) async throws -> SettingsSource {
        let data: Data
        do {
            data = try BoundedFile.read(path, atMost: BoundedFile.configBytes)
        } catch {
            let words = if case .tooLarge = error.reason { error.words } else { Self.readingFailure(path) }
            throw SettingsError("cannot read the settings file \(path): \(words)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data), let settings = object as? [String: Any] else {
            throw SettingsError("the settings file \(path) is not a JSON object of settings such as {\"port\": 9090}")
        }
        let known = Set(SettingKey.fileKeys.map(\.key))
        let values = Self.flattened(settings).sorted { $0.key < $1.key }
        if let unknown = values.first(where: { !known.contains($0.key) }) {
            throw SettingsError(
                "\(path): '\(unknown.key)' is not a setting; the settings are \(SettingKey.fileKeys.map(\.key).joined(separator: ", "))")
        }
        // swift-configuration's JSON reading takes true for 1 and 1 for true; a settings file
        // that mixes them up is more likely a mistake than a wish.
        for (key, value) in values where !(value is NSNull) {
            let boolean = String(describing: type(of: value)) == "__NSCFBoolean"
            if [SettingKey.port.key, SettingKey.metricsPort.key].contains(key), boolean {
                throw SettingsError("\(path): \(key) must be a whole number")
            }
            if [SettingKey.demo.key, SettingKey.allowDemoOnNetwork.key].contains(key), !boolean {
                throw SettingsError("\(path): \(key) must be true or false")
            }
        }
        do {
            let provider = try await FileProvider<JSONSnapshot>(
                parsingOptions: .init(secretsSpecifier: .specific([SettingKey.db.key])), filePath: FilePath(path))
            return SettingsSource(place: .file(path), reader: ConfigReader(provider: provider))
        } catch {
            throw SettingsError("\(path): \(error)")
        }
    }

    /// Why `path` cannot be read: missing, a folder, or not permitted.
    private static func readingFailure(_ path: String) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return "no such file" }
        if isFolder.boolValue { return "it is a folder" }
        return FileManager.default.isReadableFile(atPath: path) ? "it cannot be read" : "permission denied"
    }

    /// The values of a JSON object by their dotted keys, as swift-configuration names them.
    private static func flattened(_ object: [String: Any], under prefix: String = "") -> [(key: String, value: Any)] {
        object.flatMap { key, value -> [(key: String, value: Any)] in
            let dotted = prefix.isEmpty ? key : "\(prefix).\(key)"
            if let nested = value as? [String: Any] { return flattened(nested, under: dotted) }
            return [(dotted, value)]
        }
    }

    /// How this source names `key` in messages.
    func name(of key: SettingKey) -> String {
        switch place {
        case .options: "--\(key.option)"
        case .environment: key.variable
        case .file(let path): "\(path): \(key.key)"
        }
    }

    /// How this source names two settings together: `ROSTER_APPS and ROSTER_DEMO`, `FILE: apps and demo`.
    func name(of key: SettingKey, and other: SettingKey) -> String {
        switch place {
        case .options, .environment: "\(name(of: key)) and \(name(of: other))"
        case .file(let path): "\(path): \(key.key) and \(other.key)"
        }
    }

    /// A path given in this source: one in a settings file is relative to the file's folder.
    func path(_ value: String) -> String {
        guard case .file(let file) = place, !value.hasPrefix("/") else { return value }
        return URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(value).path
    }

    func string(_ key: SettingKey) async throws -> String? {
        try await read(key, as: "text") { try await $0.fetchString(forKey: $1, isSecret: key == .db) }
    }

    func int(_ key: SettingKey) async throws -> Int? {
        try await read(key, as: "a whole number") { try await $0.fetchInt(forKey: $1) }
    }

    func bool(_ key: SettingKey) async throws -> Bool? {
        try await read(key, as: place == .environment ? "true or false (or 1 or 0)" : "true or false") { try await $0.fetchBool(forKey: $1) }
    }

    func strings(_ key: SettingKey) async throws -> [String]? {
        try await read(key, as: place == .environment ? "a comma-separated list" : "a list of strings") {
            try await $0.fetchStringArray(forKey: $1)
        }
    }

    private func read<Value>(
        _ key: SettingKey, as expected: String, _ fetch: (ConfigReader, ConfigKey) async throws -> Value?
    ) async throws -> Value? {
        do {
            return try await fetch(reader, ConfigKey(key.key))
        } catch {
            throw SettingsError("\(name(of: key)) must be \(expected)")
        }
    }
}
