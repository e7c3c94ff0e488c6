import Foundation
import RosterAppDirectory
import RosterWire

/// An app's import, as realm-cli's `push` sends it (`POST …/import?strategy=replace-by-name`):
/// the whole app directory as JSON (`AppImportBody`), read as `--app-dir` reads one and applied
/// as one edit of the app (`AppImport`): all of it or, refused, none. Under an open draft the
/// import goes into the draft, as every other change does, and is served once the draft is
/// deployed; without one it is served at once. `diff` says what it would change, changing nothing.
///
///     let lines = try await imports.diff(body, app: appId, in: caller.groupId)    // ["+ functions 'sum'"]
///     let (app, notServed) = try await imports.apply(body, app: appId, in: caller.groupId)
struct AdminImports: Sendable {
    let apps: AdminApps

    /// The strategies an import names: realm-cli sends `replace-by-name`, the import standing
    /// for the whole app; App Services' `merge` (keeping what the import leaves out) is refused.
    static func checkStrategy(_ strategy: String?) throws(AdminResourceError) {
        guard let strategy, strategy != "replace-by-name" else { return }
        if strategy == "merge" {
            throw .invalid("strategy", "'merge' is not served: Roster imports an app directory whole ('replace-by-name'), so what it leaves out is removed")
        }
        throw .invalid("strategy", "must be 'replace-by-name', not '\(strategy.prefix(40))'")
    }

    /// What importing `body` would change of the app as edited now (its draft's, when it has
    /// one), one line per part; the app is left as it is. Refused as the import would be.
    func diff(_ body: Data, app id: String, in groupId: String) async throws -> [String] {
        let parsed = try Self.parse(body)
        let app = try await apps.app(id, in: groupId)
        var trial = app
        _ = try Self.apply(parsed, to: &trial)
        var deployed = trial
        deployed.model = trial.editedModel
        deployed.secrets = trial.editedSecrets
        _ = try AdminApps.servable(deployed)
        return AppDraftDiff.lines(from: app.editedModel, to: trial.editedModel)
            + AppDraftDiff.secretLines(from: app.editedSecrets, to: trial.editedSecrets)
    }

    /// Applies `body` to the app, into its draft when it has one; the app as changed and what the
    /// import holds that Roster does not serve.
    func apply(_ body: Data, app id: String, in groupId: String) async throws -> (HostedApp, [String]) {
        let parsed = try Self.parse(body)
        var notServed: [String] = []
        let app = try await apps.editHosted(id, in: groupId) { hosted in
            notServed = try Self.apply(parsed, to: &hosted)
        }
        return (app, notServed)
    }

    /// The import made part of `hosted`: of its draft when it has one, else of the app served.
    private static func apply(_ parsed: AppImportBody, to hosted: inout HostedApp) throws(AdminResourceError) -> [String] {
        let imported = try AppImport.applied(parsed, to: hosted.editedModel)
        if var draft = hosted.draft {
            draft.model = imported.model
            draft.secrets = (draft.secrets ?? hosted.secrets).merging(imported.secretValues) { $1 }
            hosted.draft = draft
        } else {
            hosted.model = imported.model
            hosted.secrets.merge(imported.secretValues) { $1 }
        }
        return imported.notServed
    }

    private static func parse(_ body: Data) throws(AdminResourceError) -> AppImportBody {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: body)
        } catch {
            throw AdminResourceError(status: 400, code: "BadRequest", message: "the import is not JSON: send the app directory as one JSON object")
        }
        do {
            return try AppImportBody(json)
        } catch {
            throw AdminResourceError(status: 400, code: "InvalidParameter", message: "failed to import app: \(error.description)")
        }
    }
}
