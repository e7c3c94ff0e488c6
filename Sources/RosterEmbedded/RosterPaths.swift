import Foundation

/// Where Roster keeps its files. `ROSTER_HOME` (or `--home`) moves all of them; otherwise they
/// follow the XDG base directories: `$XDG_DATA_HOME/roster`, by default `~/.local/share/roster`.
public struct RosterPaths: Sendable {
    public let dataDirectory: URL
    /// The switcher's settings (`roster config path`): `config.yml` in `ROSTER_HOME` when that
    /// moves Roster's files, else `$XDG_CONFIG_HOME/roster/config.yml`, by default
    /// `~/.config/roster/config.yml`.
    public let configFile: URL

    /// Throws `NoDataDirectory` when neither `home`, `ROSTER_HOME`, `XDG_DATA_HOME` nor `HOME`
    /// names one.
    public init(home: String?, environment: [String: String]) throws {
        if let home = home ?? environment["ROSTER_HOME"], !home.isEmpty {
            dataDirectory = URL(fileURLWithPath: home, isDirectory: true)
        } else if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataDirectory = URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("roster")
        } else if let userHome = environment["HOME"], !userHome.isEmpty {
            dataDirectory = URL(fileURLWithPath: userHome, isDirectory: true)
                .appendingPathComponent(".local/share/roster")
        } else {
            throw NoDataDirectory()
        }
        if let home = home ?? environment["ROSTER_HOME"], !home.isEmpty {
            configFile = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent("config.yml")
        } else if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            configFile = URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("roster/config.yml")
        } else {
            configFile = URL(fileURLWithPath: environment["HOME"] ?? "/", isDirectory: true).appendingPathComponent(".config/roster/config.yml")
        }
    }

    /// The embedded server's store.
    public var embeddedServerDatabase: URL {
        dataDirectory.appendingPathComponent("embedded/server.sqlite")
    }

    /// The device directory for one app on one server; each server gets its own, so users of
    /// different servers never mix.
    public func deviceDirectory(server: String, appId: String) -> URL {
        dataDirectory.appendingPathComponent("devices")
            .appendingPathComponent(Self.folderName(server))
            .appendingPathComponent(Self.folderName(appId))
    }

    /// A name safe to use as one path component.
    public static func folderName(_ text: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        let cleaned = String(text.map { allowed.contains($0) ? $0 : "_" })
        return cleaned.isEmpty || cleaned.allSatisfy({ $0 == "." }) ? "_" : cleaned
    }

    /// Makes a directory (and its parents) readable by its owner only.
    public static func makePrivateDirectory(_ url: URL) throws {
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
    }
}

/// Nothing names Roster's data directory.
public struct NoDataDirectory: Error, CustomStringConvertible {
    public var description: String { "no data directory: set ROSTER_HOME or HOME" }
}
