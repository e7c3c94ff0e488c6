import Foundation
import RosterCore
import RosterEmbedded
import RosterServerCore
import RosterWire

/// The device's store alone, opened without a server: no embedded server starts and nothing is
/// sent, so a shell's Tab is answered in the time it takes to read a few rows. A device not made
/// yet is not made here: there is nothing to read.
enum OfflineDevice {
    /// Answers every request with a network failure; reading the store never sends one.
    struct NoServer: Transport {
        func send(_ request: WireRequest) async throws -> WireResponse {
            throw RosterError.network("completion reads the device alone")
        }
    }

    /// The app on the device the options name (`--home`, `--server`, `--app` or their
    /// environment variables), or nil when there is no device store there.
    static func open(home: String?, server: String?, app: String?, environment: [String: String]) -> App? {
        guard let paths = try? RosterPaths(home: home, environment: environment) else { return nil }
        let serverURL = server ?? environment["ROSTER_SERVER_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let directory: URL
        let appId: String
        if let serverURL {
            guard let url = URL(string: serverURL), let scheme = url.scheme, let host = url.host, !host.isEmpty,
                let named = app ?? environment["ROSTER_APP_ID"], !named.isEmpty
            else { return nil }
            appId = named
            directory = paths.deviceDirectory(server: "\(host)_\(url.port ?? (scheme == "https" ? 443 : 80))", appId: appId)
        } else {
            guard let demo = try? AppConfig.demo().appId else { return nil }
            appId = demo
            directory = paths.deviceDirectory(server: "embedded", appId: appId)
        }
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("device.sqlite").path) else { return nil }
        return try? App(configuration: AppConfiguration(appId: appId, transport: NoServer(), directory: directory))
    }
}
