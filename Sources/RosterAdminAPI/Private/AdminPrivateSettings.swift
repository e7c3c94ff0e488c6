import Foundation
import RosterServerCore
import RosterWire

/// An app's feature flags and app settings as App Services' private API keeps them
/// (`AppPrivateSettings`), read and changed by an operator of its group; each change one edit of
/// the app's stored document (`AdminApps.editHosted`).
///
///     let app = try await settings.setFlags(["allow_permissions_bootstrap"], enabled: true, app: appId, in: groupId)
///     app.privateSettings.enabledFlags   // ["allow_permissions_bootstrap"]
struct AdminPrivateSettings: Sendable {
    let apps: AdminApps

    func read(app id: String, in groupId: String) async throws -> AppPrivateSettings {
        try await apps.app(id, in: groupId).privateSettings
    }

    func setFlags(_ names: [String], enabled: Bool, app id: String, in groupId: String) async throws -> HostedApp {
        try await apps.editHosted(id, in: groupId) { app throws(AdminResourceError) in try app.privateSettings.setFlags(names, enabled: enabled) }
    }

    func patch(_ patch: JSONValue, app id: String, in groupId: String) async throws -> HostedApp {
        try await apps.editHosted(id, in: groupId) { app throws(AdminResourceError) in try app.privateSettings.patch(patch) }
    }
}
