import ArgumentParser
import Foundation
import RosterAdminAPI
import RosterAppDirectory
import RosterAppModel
import RosterServer
import RosterServerAssembly
import RosterServerCore

/// `roster-server export --app ID --to DIR`: writes one app, from the app configurations and
/// app directories `serve` takes or the apps a database holds (`--db`, made through the Admin
/// API; read without starting a server), as App Services exports an app (the `realm_config.json`
/// layout, `config_version` 20210101), so it can be kept in git, reviewed, and served again
/// with `serve --app-dir DIR` here or elsewhere. No secret's value is written: the export names
/// the secrets, and says which to give when it is served.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write an app as App Services exports it (realm_config.json, config_version 20210101).",
        discussion: """
            The app is one of those given with --config or --app-dir (as serve takes them), or one \
            the database given with --db holds (made through the Admin API), chosen by its id. Secrets are never written: each is named where App Services names it \
            (secret_config, a value's from_secret), and the names are listed to give again with \
            serve's --secret or --secrets-file.
            """)

    @Option(help: "The id of the app to export.")
    var app: String

    @Option(help: ArgumentHelp("The folder to write the app into; it must be missing or empty unless --replace.", valueName: "dir"))
    var to: String

    @Option(help: ArgumentHelp("The database whose apps (made through the Admin API) to look in. " + DatabaseOption.help))
    var db: String?

    @Option(name: .customLong("config"), help: "An app configuration JSON file (repeat for several apps).")
    var configs: [String] = []

    @Option(name: .customLong("app-dir"), help: "An App Services app directory (repeat for several apps).")
    var appDirs: [String] = []

    @Option(name: .customLong("app-id"), help: "With one --app-dir: the app id when the directory has no app_id (default: the app's name).")
    var appId: String?

    @Option(help: "With --app-dir: the environment whose environments/<name>.json is read (default: the directory's own).")
    var environment: String?

    @Flag(help: "Write into a folder that already holds files, replacing those the export writes.")
    var replace = false

    func validate() throws {
        guard !configs.isEmpty || !appDirs.isEmpty || db != nil else {
            throw ValidationError("give the app's --config FILE, --app-dir DIR or the --db holding it")
        }
    }

    func run() async throws {
        let (model, notExported) = try await chosenApp()
        do {
            try AppDirectoryWriter.write(model, to: URL(fileURLWithPath: to, isDirectory: true), replacing: replace)
        } catch {
            throw CommandFailure("cannot export \(app) to \(to): \(error)")
        }
        var lines = ["exported \(model.appId) to \(to) (realm_config.json, config_version 20210101)"]
        lines += notExported
        let secrets = model.secretNames
        if !secrets.isEmpty {
            lines.append("the app names \(secrets.count == 1 ? "this secret" : "these secrets"), not written: \(secrets.joined(separator: ", ")); serve it with --secret NAME=VALUE or --secrets-file FILE")
        }
        print(lines.joined(separator: "\n"))
    }

    /// The app whose id is `app`, read from the directories and configurations given.
    private func chosenApp() async throws -> (AppModel, [String]) {
        var ids: [String] = []
        for path in appDirs {
            let directory: AppDirectory
            do {
                directory = try AppDirectory.read(URL(fileURLWithPath: path, isDirectory: true), appId: appId, environment: environment)
            } catch {
                throw CommandFailure("the app directory \(path) cannot be read: \(error)")
            }
            if directory.model.appId == app { return (directory.model, []) }
            ids.append(directory.model.appId)
        }
        for path in configs {
            let config = try AppOptions.loadApp(path)
            if config.appId == app {
                let exportable = config.exportableApp
                return (exportable.model, exportable.notExported)
            }
            ids.append(config.appId)
        }
        if let db {
            let apps = HostedApps(server: try await openExisting(db))
            if let hosted = try await apps.app(app) { return (hosted.model, []) }
            ids += try await apps.clientAppIds()
        }
        throw CommandFailure("no app \(app) among those given (\(ids.isEmpty ? "none" : ids.joined(separator: ", ")))")
    }

    /// The database at `db`, which must exist: an export never makes one.
    private func openExisting(_ db: String) async throws -> RosterServer {
        if !ServerAssembly.isDatabaseURL(db) && !FileManager.default.fileExists(atPath: db) {
            throw CommandFailure("no database at \(db): give the file serve --db was given, or a PostgreSQL URL")
        }
        return try await AppOptions.open(db: db, apps: [])
    }
}
