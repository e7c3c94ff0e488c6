import RosterAppDirectory
import RosterAppModel

/// What an import (`appservices push`) makes of an app, pure: the app directory it sends, read
/// by the app directory's reader, stands for the whole app ("replace-by-name", the strategy
/// realm-cli sends): every function, provider, service, rule, value and trigger is as the import
/// says, one it leaves out is gone, and one it keeps by name keeps its Admin API id. What an app
/// directory does not hold stays: the app's name and client app id, its secrets (an export names
/// none), the schemas the Admin API stores, and Device Sync's development mode unless the
/// import sends `sync/config.json`.
///
///     let imported = try AppImport.applied(AppImportBody(body), to: app.editedModel)
///     imported.model        // the app as the import makes it
///     imported.secretValues // ["__mongodb-atlas_password": "…"]
struct AppImport: Sendable {
    var model: AppModel
    /// The values of the secrets the import gives (`secrets`), by App Services' names for them.
    var secretValues: [String: String]
    /// What the import holds that Roster reads and does not serve, one line each.
    var notServed: [String]

    static func applied(_ body: AppImportBody, to current: AppModel) throws(AdminResourceError) -> AppImport {
        let read: AppDirectory
        do {
            read = try AppDirectory.read(body.files, appId: current.appId)
        } catch {
            throw AdminResourceError(status: 400, code: "InvalidParameter", message: "failed to import app: \(error.description)")
        }
        var model = read.model
        model.name = current.name
        model.appId = current.appId
        model.secrets = current.secrets
        model.schemas = current.schemas
        // Development mode is the import's when it sends sync/config.json, else as it was.
        if (try? body.files.kind(AppSyncFile.path)) != .file { model.developmentModeEnabled = current.developmentModeEnabled }
        keepIds(of: current, in: &model)
        var values: [String: String] = [:]
        for secret in body.secrets {
            try link(secret, in: &model)
            if !model.secrets.contains(where: { $0.name == secret.name }) { model.secrets.append(AppSecret(name: secret.name)) }
            values[secret.name] = secret.value
        }
        return AppImport(model: model, secretValues: values, notServed: read.notServed)
    }

    /// A secret the import gives is named in its service's or provider's `secret_config` under
    /// its key, as App Services links it, unless the part names one there already.
    private static func link(_ secret: AppImportBody.Secret, in model: inout AppModel) throws(AdminResourceError) {
        let key = "secrets.\(secret.part.rawValue).\(secret.owner).\(secret.key)"
        try ResourceName.check(secret.name, field: key)
        switch secret.part {
        case .service:
            guard let index = model.services.firstIndex(where: { $0.name == secret.owner }) else {
                throw .invalid(key, "names no service of the import")
            }
            if model.services[index].secretConfig[secret.key] == nil { model.services[index].secretConfig[secret.key] = secret.name }
        case .provider:
            guard let index = model.providers.firstIndex(where: { $0.name == secret.owner }) else {
                throw .invalid(key, "names no authentication provider of the import")
            }
            guard secret.key == "clientSecret" else {
                throw .invalid(key, "is not a setting Roster fills from a secret here (clientSecret); name the secret in the provider's secret_config instead")
            }
            if model.providers[index].secretConfig[secret.key] == nil { model.providers[index].secretConfig[secret.key] = secret.name }
        }
    }

    /// Each resource the import keeps by name keeps the id the Admin API named it by, unless the
    /// import gives that id to another resource of the kind (an exported directory carries ids):
    /// no two resources of a kind share an id.
    private static func keepIds(of current: AppModel, in model: inout AppModel) {
        for index in model.functions.indices where model.functions[index].id == nil {
            model.functions[index].id = unclaimed(current.functions.first { $0.name == model.functions[index].name }?.id, model.functions.map(\.id))
        }
        for index in model.providers.indices where model.providers[index].id == nil {
            model.providers[index].id = unclaimed(current.providers.first { $0.name == model.providers[index].name }?.id, model.providers.map(\.id))
        }
        for index in model.services.indices where model.services[index].id == nil {
            model.services[index].id = unclaimed(current.services.first { $0.name == model.services[index].name }?.id, model.services.map(\.id))
        }
        for index in model.values.indices where model.values[index].id == nil {
            model.values[index].id = unclaimed(current.values.first { $0.name == model.values[index].name }?.id, model.values.map(\.id))
        }
        for index in model.triggers.indices where model.triggers[index].id == nil {
            model.triggers[index].id = unclaimed(current.triggers.first { $0.name == model.triggers[index].name }?.id, model.triggers.map(\.id))
        }
        for index in model.rules.indices {
            guard let before = current.rules.first(where: { $0.service == model.rules[index].service }) else { continue }
            if model.rules[index].defaultRuleId == nil, model.rules[index].defaultRoles != nil {
                model.rules[index].defaultRuleId = unclaimed(before.defaultRuleId, model.rules.flatMap { [$0.defaultRuleId] + $0.collections.map(\.id) })
            }
            for rule in model.rules[index].collections.indices where model.rules[index].collections[rule].id == nil {
                let namespace = model.rules[index].collections[rule]
                model.rules[index].collections[rule].id = unclaimed(
                    before.collections.first { $0.database == namespace.database && $0.collection == namespace.collection }?.id,
                    model.rules.flatMap { [$0.defaultRuleId] + $0.collections.map(\.id) })
            }
        }
    }

    /// `id`, unless `claimed` holds it already.
    private static func unclaimed(_ id: String?, _ claimed: [String?]) -> String? {
        guard let id, !claimed.contains(id) else { return nil }
        return id
    }
}
