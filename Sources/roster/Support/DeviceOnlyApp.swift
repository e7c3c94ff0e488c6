import Foundation
import RosterCore

extension ConnectionOptions {
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

    /// The app over this device's store alone, for what the device answers by itself (`roster
    /// whoami --short`, in a shell prompt): no embedded server is started and nothing is sent,
    /// so it answers in the time of one read. Anything that would need the server fails as
    /// offline.
    func openDeviceOnly(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> App {
        let location = try DeviceLocation(paths: try paths(environment), server: server, app: app, environment: environment)
        do {
            return try location.openOffline()
        } catch {
            throw CommandFailure(error)
        }
    }
}
