import Foundation
import RosterCore
import RosterServerCore
import RosterWire

extension ConnectionOptions {
    /// The app over this device's store alone, for what the device answers by itself (`roster
    /// whoami --short`, in a shell prompt): no embedded server is started and nothing is sent,
    /// so it answers in the time of one read. Anything that would need the server fails as
    /// offline.
    /// The app for listing the device's users, which needs no server: over the store alone
    /// (`openDeviceOnly`) on the embedded default once its server has been made; the embedded
    /// default itself on its first start, which makes and seeds it; with `--server`, the app over
    /// it (nothing is sent to list).
    func openForReading(environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> App {
        let server = try paths(environment).embeddedServerDatabase
        if !usesEmbeddedServer(environment) || !FileManager.default.fileExists(atPath: server.path) {
            return try await openApp(environment: environment)
        }
        return try openDeviceOnly(environment: environment)
    }

    func openDeviceOnly(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> App {
        let paths = try self.paths(environment)
        let directory: URL
        let appId: String
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
            appId = try AppConfig.demo().appId
            if let requested = app ?? environment["ROSTER_APP_ID"], !requested.isEmpty, requested != appId {
                throw CommandFailure("the embedded server has only the app '\(appId)'; use --server for '\(requested)'")
            }
            directory = paths.deviceDirectory(server: "embedded", appId: appId)
        }
        do {
            return try App(configuration: AppConfiguration(appId: appId, transport: OfflineTransport(), directory: directory))
        } catch {
            throw CommandFailure(error)
        }
    }
}

/// A transport that sends nothing: the app of `openDeviceOnly`, which reads the device alone.
struct OfflineTransport: Transport {
    func send(_ request: WireRequest) async throws -> WireResponse {
        throw RosterError.network("this command reads the device alone and sends nothing")
    }

    func open(_ request: WireRequest) async throws -> WireStreamResponse {
        throw RosterError.network("this command reads the device alone and sends nothing")
    }
}
