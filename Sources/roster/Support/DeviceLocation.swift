import Foundation
import RosterCore
import RosterEmbedded
import RosterServerCore
import RosterWire

/// Where a device's store is for the server and app the options name (`--server`/`--app` or
/// their environment variables; the embedded default without them), worked out without opening
/// anything: `whoami --short`, `users` and a shell's Tab read the device through it alone.
struct DeviceLocation {
    let appId: String
    let directory: URL

    init(paths: RosterPaths, server: String?, app: String?, environment: [String: String]) throws {
        if let serverURL = server ?? environment["ROSTER_SERVER_URL"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard let url = URL(string: serverURL), let scheme = url.scheme, ["http", "https"].contains(scheme), let host = url.host,
                !host.isEmpty
            else {
                throw CommandFailure("--server must be an http:// or https:// URL, not '\(serverURL)'")
            }
            guard let requested = app ?? environment["ROSTER_APP_ID"], !requested.isEmpty else {
                throw CommandFailure("--server needs --app (or ROSTER_APP_ID) to say which app")
            }
            appId = requested
            directory = paths.deviceDirectory(server: "\(host)_\(url.port ?? (scheme == "https" ? 443 : 80))", appId: appId)
        } else {
            appId = AppConfig.demoAppId
            if let requested = app ?? environment["ROSTER_APP_ID"], !requested.isEmpty, requested != appId {
                throw CommandFailure("the embedded server has only the app '\(appId)'; use --server for '\(requested)'")
            }
            directory = paths.deviceDirectory(server: "embedded", appId: appId)
        }
    }

    /// Whether the device's store has been made here.
    var exists: Bool { FileManager.default.fileExists(atPath: directory.appendingPathComponent("device.sqlite").path) }

    /// The app over this device's store alone: nothing is sent (`OfflineTransport`).
    func openOffline() throws -> App {
        try App(configuration: AppConfiguration(appId: appId, transport: OfflineTransport(), directory: directory))
    }
}

/// A transport that sends nothing: the app over a device's store alone (`DeviceLocation`).
struct OfflineTransport: Transport {
    func send(_ request: WireRequest) async throws -> WireResponse {
        throw RosterError.network("this command reads the device alone and sends nothing")
    }

    func open(_ request: WireRequest) async throws -> WireStreamResponse {
        throw RosterError.network("this command reads the device alone and sends nothing")
    }
}
