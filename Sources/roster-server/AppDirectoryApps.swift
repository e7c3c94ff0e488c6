import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterServerCore

/// `serve --app-dir DIR`: App Services apps as exported, each read into the app model and
/// mapped onto what the server serves, with what it holds that is not served yet named one line
/// each. A directory that cannot be served is refused whole, naming its file, key and reason.
struct AppDirectoryApps {
    var configs: [AppConfig] = []
    /// For each app, by its id: the lines that say what of it is not served.
    var notServed: [(appId: String, lines: [String])] = []

    static func load(_ settings: ServerSettings, secretArguments: [String]) throws -> AppDirectoryApps {
        var loaded = AppDirectoryApps()
        guard !settings.appDirectories.isEmpty else { return loaded }
        var secrets: AppSecrets
        do {
            secrets = try AppSecrets(arguments: secretArguments)
            if let file = settings.secretsFile { try secrets.add(AppSecrets(file: file)) }
        } catch {
            throw CommandFailure("cannot read the secrets: \(error)")
        }
        for path in settings.appDirectories {
            do {
                let directory = try AppDirectory.read(
                    URL(fileURLWithPath: path, isDirectory: true), appId: settings.appDirectoryAppId, environment: settings.environment)
                let servable = try directory.model.servableApp(secrets: secrets)
                loaded.configs.append(servable.config)
                loaded.notServed.append((servable.config.appId, directory.notServed + servable.notServed))
            } catch {
                throw CommandFailure("the app directory \(path) cannot be served: \(error)")
            }
        }
        return loaded
    }
}
