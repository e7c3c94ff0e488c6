import Foundation
import RosterAppModel
import RosterServer
import RosterServerCore

/// The store behind the app resource routes (`AppResourceRoutes`): the apps the database holds,
/// changed through `AdminApps.edit`, each change in the audit trail with the operator.
struct AdminAppResources: AppResourceStore {
    typealias Context = RosterRequestContext
    let apps: AdminApps
    let audit: AuditTrail

    func appModel(group: String, app: String, context: Context) async throws -> AppModel {
        try await apps.app(app, in: group).editedModel
    }

    func apply(_ edit: @escaping AppEdit, group: String, app: String, action: String, context: Context) async throws {
        let changed = try await apps.edit(app, in: group, edit)
        await record(action, changed, context)
    }

    func setSecret(_ name: String, value: String?, group: String, app: String, context: Context) async throws {
        // Under a draft the value waits in it, as every other change does, until it is deployed.
        let changed = try await apps.editHosted(app, in: group) { hosted in
            if var draft = hosted.draft {
                var values = draft.secrets ?? hosted.secrets
                values[name] = value
                draft.secrets = values
                hosted.draft = draft
            } else {
                hosted.secrets[name] = value
            }
        }
        await record(value == nil ? "delete secret '\(name)'" : "set secret '\(name)'", changed, context)
    }

    func newObjectId() -> String {
        apps.ids.objectId()
    }

    private func record(_ action: String, _ app: HostedApp, _ context: Context) async {
        let caller = AdminCaller.current
        await audit.record(
            .admin, appId: app.clientAppId, userId: caller?.operatorId, provider: "admin", address: context.clientAddress,
            detail: "\(action.prefix(200)) by operator \(caller?.email ?? "-")")
    }
}
