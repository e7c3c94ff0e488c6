import Hummingbird
import RosterAppModel
import RosterServer
import RosterWire

/// The Admin API's routes for what an app holds, under `groups/{groupId}/apps/{appId}`:
/// functions, auth providers, secrets, values, services with their rules and default rule,
/// custom user data, `sync/config`, schemas, triggers, allowed request origins and the
/// environment. Each change goes through the store as one `AppEdit`.
///
///     let app = router.group("/api/admin/v3.0/groups/:groupId/apps/:appId").add(middleware: adminAuth)
///     AppResourceRoutes.add(to: app, store: appService)
public enum AppResourceRoutes {
    public static func add<Store: AppResourceStore>(to app: RouterGroup<Store.Context>, store: Store) {
        let routes = AppResourceRouter(group: app, store: store)
        addFunctions(routes, store)
        addAuthProviders(routes, store)
        addSecretsAndValues(routes, store)
        AppServiceRoutes.add(routes, store)
        AppSettingRoutes.add(routes, store)
    }

    private static func addFunctions<Store: AppResourceStore>(_ routes: AppResourceRouter<Store>, _ store: Store) {
        routes.on(.get, "functions") { call in
            try .json(try await call.model().functions.map { AdminFunction($0).summary })
        }
        routes.on(.post, "functions") { call in
            let function = try await call.body(AdminFunction.self)
            let id = store.newObjectId()
            try await call.apply("create function '\(function.name)'", try function.create(id: id))
            return try .json(AdminFunction(id: id, name: function.name), status: 201)
        }
        routes.on(.get, "functions/:id") { call in
            return try .json(try AdminFunction.find(id: try call.id(), in: try await call.model()))
        }
        routes.on(.put, "functions/:id") { call in
            let function = try await call.body(AdminFunction.self)
            try await call.apply("update function '\(function.name)'", try function.update(id: try call.id()))
            return .noContent
        }
        routes.on(.delete, "functions/:id") { call in
            try await call.apply("delete function \(try call.id())", AdminFunction.delete(id: try call.id()))
            return .noContent
        }
    }

    private static func addAuthProviders<Store: AppResourceStore>(_ routes: AppResourceRouter<Store>, _ store: Store) {
        routes.on(.get, "auth_providers") { call in
            let model = try await call.model()
            return try .json(model.providers.map { AdminAuthProvider($0, in: model).summary })
        }
        routes.on(.post, "auth_providers") { call in
            var provider = try await call.body(AdminAuthProvider.self)
            let id = store.newObjectId()
            let key = try AdminInlineSigningKey.take(from: &provider)
            try await applyProvider(call, store, "create auth provider '\(provider.name ?? provider.type)'", provider.create(id: id), key)
            return try .json(try AdminAuthProvider.find(id: id, in: try await call.model()), status: 201)
        }
        routes.on(.get, "auth_providers/:id") { call in
            return try .json(try AdminAuthProvider.find(id: try call.id(), in: try await call.model()))
        }
        routes.on(.patch, "auth_providers/:id") { call in
            var change = try await call.body(AdminAuthProviderChange.self)
            let id = try call.id()
            let current = try AdminAuthProvider.find(id: id, in: try await call.model())
            let key = try AdminInlineSigningKey.take(
                type: current.type, provider: change.name ?? current.name ?? current.type, config: &change.config, secretConfig: &change.secretConfig)
            try await applyProvider(call, store, "update auth provider \(id)", change.update(id: id), key)
            return .noContent
        }
        routes.on(.put, "auth_providers/:id") { call in
            var provider = try await call.body(AdminAuthProvider.self)
            let id = try call.id()
            let key = try AdminInlineSigningKey.take(from: &provider)
            try await applyProvider(call, store, "update auth provider \(id)", provider.update(id: id), key)
            return .noContent
        }
        for (path, disabled) in [("enable", false), ("disable", true)] {
            routes.on(.put, "auth_providers/:id/\(path)") { call in
                    try await call.apply("\(path) auth provider \(try call.id())", AdminAuthProvider.setDisabled(disabled, id: try call.id()))
                return .noContent
            }
        }
        routes.on(.delete, "auth_providers/:id") { call in
            try await call.apply("delete auth provider \(try call.id())", AdminAuthProvider.delete(id: try call.id()))
            return .noContent
        }
    }

    /// A provider's change, with the secret its inline `signingKey` becomes: the change tried on
    /// the app first, then the value stored, as `POST secrets` does, and taken back when the
    /// change is refused and no secret had it.
    private static func applyProvider<Store: AppResourceStore>(
        _ call: AppResourceRequest<Store>, _ store: Store, _ action: String, _ edit: @escaping AppEdit, _ key: AdminInlineSigningKey?
    ) async throws {
        guard let key else { return try await call.apply(action, edit) }
        // Tried on the app as it stands first: a change refused leaves a key the app had as it was.
        var trial = try await call.model()
        let had = trial.secretNames.contains(key.secretName)
        try key.adding(to: edit, id: store.newObjectId())(&trial)
        try await store.setSecret(key.secretName, value: key.value, group: call.group, app: call.app, context: call.context)
        do {
            try await call.apply(action, key.adding(to: edit, id: store.newObjectId()))
        } catch {
            if !had { try? await store.setSecret(key.secretName, value: nil, group: call.group, app: call.app, context: call.context) }
            throw error
        }
    }

    private static func addSecretsAndValues<Store: AppResourceStore>(_ routes: AppResourceRouter<Store>, _ store: Store) {
        routes.on(.get, "secrets") { call in
            try .json(AdminSecret.list(try await call.model()))
        }
        routes.on(.post, "secrets") { call in
            let secret = try await call.body(AdminSecret.self)
            let id = store.newObjectId()
            let edit = try secret.create(id: id)
            // The value first: a provider made next may use the secret at once.
            try await store.setSecret(secret.name, value: try secret.checkedValue(), group: call.group, app: call.app, context: call.context)
            do {
                try await call.apply("create secret '\(secret.name)'", edit)
            } catch {
                if await (try? call.model())?.secretNames.contains(secret.name) != true {
                    try? await store.setSecret(secret.name, value: nil, group: call.group, app: call.app, context: call.context)
                }
                throw error
            }
            return try .json(AdminSecret(id: id, name: secret.name), status: 201)
        }
        routes.on(.put, "secrets/:id") { call in
            let secret = try await call.body(AdminSecret.self)
            let id = try call.id()
            let old = try AdminSecret.name(of: id, in: try await call.model())
            // The store keeps values by name: a renamed secret needs its value again.
            if secret.name != old, secret.value == nil { throw AdminResourceError.missing("value") }
            if let value = secret.value {
                try await store.setSecret(secret.name, value: value, group: call.group, app: call.app, context: call.context)
            }
            try await call.apply("update secret '\(secret.name)'", try secret.update(id: id))
            if secret.name != old {
                try await store.setSecret(old, value: nil, group: call.group, app: call.app, context: call.context)
            }
            return .noContent
        }
        routes.on(.delete, "secrets/:id") { call in
            let name = try AdminSecret.name(of: try call.id(), in: try await call.model())
            try await call.apply("delete secret '\(name)'", AdminSecret.delete(id: try call.id()))
            try await store.setSecret(name, value: nil, group: call.group, app: call.app, context: call.context)
            return .noContent
        }
        routes.on(.get, "values") { call in
            try .json(try await call.model().values.map { AdminValue($0).summary })
        }
        routes.on(.post, "values") { call in
            let value = try await call.body(AdminValue.self)
            let id = store.newObjectId()
            try await call.apply("create value '\(value.name)'", try value.create(id: id))
            return try .json(try AdminValue.find(id: id, in: try await call.model()), status: 201)
        }
        routes.on(.get, "values/:id") { call in
            return try .json(try AdminValue.find(id: try call.id(), in: try await call.model()))
        }
        routes.on(.put, "values/:id") { call in
            let value = try await call.body(AdminValue.self)
            try await call.apply("update value '\(value.name)'", try value.update(id: try call.id()))
            return .noContent
        }
        routes.on(.delete, "values/:id") { call in
            try await call.apply("delete value \(try call.id())", AdminValue.delete(id: try call.id()))
            return .noContent
        }
    }
}
