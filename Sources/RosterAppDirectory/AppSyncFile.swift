import RosterAppModel
import RosterWire

/// `sync/config.json`: where the `realm_config.json` layout keeps Device Sync, and where its
/// parts live in the app model. Development mode is the app's (`developmentModeEnabled`); the
/// sync itself is the data source's that `service_name` names, kept in that service's `config`
/// as the Admin API keeps it (`sync` for partition-based, `flexible_sync` for flexible), so a
/// directory, an import and the Admin API make one model. Roster serves no Device Sync, but a
/// partition-based sync's permissions govern the data source's requests (`AppServiceSync`).
///
///     {"type": "partition", "state": "enabled", "service_name": "mongodb-atlas",
///      "development_mode_enabled": false, "partition": {"key": "owner", "permissions": {…}}}
///     // services["mongodb-atlas"].config["sync"] = {"state": "enabled", "partition": {…}}
public enum AppSyncFile {
    public static let path = "sync/config.json"
    /// The file's keys that are not the sync's own: each has another place in the model.
    static let placedKeys: Set<String> = ["type", "service_name", "development_mode_enabled"]

    /// Reads the file into `model`, whose data sources are read already. Refused, naming the
    /// key: a `type` that is neither mode, a `service_name` that names no data source of the
    /// directory, or one whose own `config.json` configures Device Sync as well; partition
    /// permissions Roster cannot evaluate (`partition.permissions.read…`), as the Admin API's.
    static func read(_ fields: JSONFields, into model: inout AppModel) throws {
        if let enabled = try fields.bool("development_mode_enabled") { model.developmentModeEnabled = enabled }
        _ = try fields.string("state")
        guard let serviceName = try fields.string("service_name") else { return }
        let mode: AppServiceSync.Mode
        switch try fields.string("type") {
        case "partition": mode = .partition
        case "flexible": mode = .flexible
        case nil: mode = fields.value("partition") != nil ? .partition : .flexible
        case let other?: throw fields.fail("type", "must be \"partition\" or \"flexible\", not \"\(other)\"")
        }
        guard let index = model.services.firstIndex(where: { $0.name == serviceName && $0.isDataSource }) else {
            throw fields.fail("service_name", "names no data source of data_sources/ ('\(serviceName)')")
        }
        var config: JSONObject = [:]
        if case .object(let held) = model.services[index].config { config = held }
        if config[AppServiceSync.Mode.partition.rawValue] != nil || config[AppServiceSync.Mode.flexible.rawValue] != nil {
            throw fields.fail("service_name", "data_sources/\(serviceName)/config.json configures Device Sync too; keep it in one place")
        }
        config[mode.rawValue] = .object(fields.object.filter { !placedKeys.contains($0.key) })
        model.services[index].config = .object(config)
        guard let sync = AppServiceSync(model.services[index]) else { return }
        do throws(AppServiceSync.Refusal) {
            _ = try AppModel.syncRole(sync)
        } catch {
            // Keyed as in this file, where the sync's keys stand at the top.
            throw fields.fail(String(error.key.dropFirst("\(mode.rawValue).".count)), error.reason)
        }
    }

    /// The file `model` makes, with its services as then written (the sync moved out of the
    /// data source's config into the file), or no file when there is nothing to say. One data
    /// source's sync goes in the file (App Services keeps one); another's, or one holding a key
    /// the file gives its own meaning, stays in its data source's config, read back from there.
    static func split(_ model: AppModel) -> (file: JSONValue?, services: [AppService]) {
        var services = model.services
        var file: JSONObject = [:]
        for (index, service) in services.enumerated() where service.isDataSource {
            guard case .object(var config) = service.config else { continue }
            let held = [AppServiceSync.Mode.partition, .flexible].compactMap { mode in config[mode.rawValue].map { (mode, $0) } }
            guard held.count == 1, let (mode, value) = held.first, case .object(let sync) = value,
                !sync.keys.contains(where: placedKeys.contains)
            else { continue }
            file = sync
            file["type"] = .string(mode == .partition ? "partition" : "flexible")
            file["service_name"] = .string(service.name)
            config[mode.rawValue] = nil
            services[index].config = .object(config)
            break
        }
        if file.isEmpty, !model.developmentModeEnabled { return (nil, services) }
        file["development_mode_enabled"] = .bool(model.developmentModeEnabled)
        return (.object(file), services)
    }
}
