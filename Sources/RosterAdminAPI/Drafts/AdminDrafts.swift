import Foundation
import RosterAppModel
import RosterServerCore

/// An app's drafts as an operator of its group keeps them (`AppDraft`): made, listed, diffed
/// against the app as served, deployed (served at once, here and within a second on every
/// server over the database) or discarded; and the deployments made, each of which can be
/// served again (`redeploy`). Each change is one edit
/// of the app's stored document (`AdminApps.editHosted`), so it is versioned and followed like
/// any other.
///
///     let draft = try await drafts.create(app: appId, in: caller.groupId, by: caller.operatorId)
///     _ = try await apps.edit(appId, in: caller.groupId) { $0.environment = "production" }   // held in the draft
///     let deployed = try await drafts.deploy(draft.id, app: appId, in: caller.groupId, by: caller.operatorId)
struct AdminDrafts: Sendable {
    let apps: AdminApps

    func create(app id: String, in groupId: String, by operatorId: String) async throws -> (HostedApp, AppDraft) {
        let draftId = apps.ids.objectId()
        let at = apps.now()
        let app = try await apps.editHosted(id, in: groupId) { app throws(AdminResourceError) in
            if let open = app.draft {
                throw AdminResourceError.duplicate(
                    "DraftAlreadyExists", "the app already has a draft ('\(open.id)'); deploy or discard it first")
            }
            app.draft = AppDraft(id: draftId, operatorId: operatorId, model: app.model, createdAt: at, secrets: app.secrets)
        }
        return (app, app.draft!)
    }

    /// The app's draft, if it has one: App Services lists an operator's drafts of the app.
    func list(app id: String, in groupId: String) async throws -> (HostedApp, [AppDraft]) {
        let app = try await apps.app(id, in: groupId)
        return (app, app.draft.map { [$0] } ?? [])
    }

    func diff(_ draftId: String, app id: String, in groupId: String) async throws -> [String] {
        let app = try await apps.app(id, in: groupId)
        let draft = try Self.draft(draftId, of: app)
        return AppDraftDiff.lines(from: app.model, to: draft.model) + AppDraftDiff.secretLines(from: app.secrets, to: draft.secrets ?? app.secrets)
    }

    func discard(_ draftId: String, app id: String, in groupId: String) async throws -> HostedApp {
        try await apps.editHosted(id, in: groupId) { app throws(AdminResourceError) in
            _ = try Self.draft(draftId, of: app)
            app.draft = nil
        }
    }

    /// Serves the draft's model as the app; refused whole (the draft kept) when it cannot be served.
    func deploy(_ draftId: String, app id: String, in groupId: String, by operatorId: String) async throws -> (HostedApp, AppDeployment) {
        let deployment = AppDeployment(id: apps.ids.objectId(), draftId: draftId, operatorId: operatorId, deployedAt: apps.now())
        let app = try await apps.editHosted(id, in: groupId) { app throws(AdminResourceError) in
            let draft = try Self.draft(draftId, of: app)
            app.model = draft.model
            app.secrets = draft.secrets ?? app.secrets
            app.draft = nil
            app.add(deployment)
        }
        return (app, deployment)
    }

    /// Serves the app again as the deployment `deploymentId` served it, as a new deployment; the
    /// secrets stay as they are (no deployment holds them), and so does a draft. Refused whole
    /// when that app cannot be served now (a secret it names is gone).
    func redeploy(_ deploymentId: String, app id: String, in groupId: String, by operatorId: String) async throws -> (HostedApp, AppDeployment) {
        let (_, earlier) = try await deployment(deploymentId, app: id, in: groupId)
        guard let kept = try await apps.store.hostedAppDeployment(appId: id, id: earlier.id) else {
            throw AdminResourceError(
                status: 404, code: "DeploymentNotFound",
                message: "deployment '\(earlier.id)' cannot be redeployed: it was made before Roster kept the app as each deployment served it")
        }
        let model = try JSONDecoder().decode(AppModel.self, from: Data(kept.document.utf8))
        let deployment = AppDeployment(id: apps.ids.objectId(), operatorId: operatorId, deployedAt: apps.now())
        let app = try await apps.editHosted(id, in: groupId) { app in
            app.model = AppDeployment.model(model, keepingSecretsOf: app.model)
            app.add(deployment)
        }
        return (app, deployment)
    }

    func deployments(app id: String, in groupId: String) async throws -> (HostedApp, [AppDeployment]) {
        let app = try await apps.app(id, in: groupId)
        return (app, app.deployments)
    }

    func deployment(_ deploymentId: String, app id: String, in groupId: String) async throws -> (HostedApp, AppDeployment) {
        let app = try await apps.app(id, in: groupId)
        guard AdminObjectID.isValid(deploymentId) else { throw AdminResourceError.invalid("deploymentId", "is not an ObjectId") }
        guard let found = app.deployments.first(where: { $0.id == deploymentId.lowercased() }) else {
            throw AdminResourceError.notFound("DeploymentNotFound", "deployment", id: deploymentId)
        }
        return (app, found)
    }

    private static func draft(_ draftId: String, of app: HostedApp) throws(AdminResourceError) -> AppDraft {
        guard AdminObjectID.isValid(draftId) else { throw .invalid("draftId", "is not an ObjectId") }
        guard let draft = app.draft, draft.id == draftId.lowercased() else { throw .notFound("DraftNotFound", "draft", id: draftId) }
        return draft
    }
}
