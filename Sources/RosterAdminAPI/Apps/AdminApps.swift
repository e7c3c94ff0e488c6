import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterServerCore
import RosterWire

/// The apps the database holds, made and changed through the Admin API and served at once: each
/// is one versioned document in the store (`HostedApp`), mapped onto what the server serves by
/// the same code as an app directory (`AppModel.servableApp`), and followed by every server
/// process over the store (`follow(every:)`).
///
/// The resource endpoints (functions, auth providers, values, secrets, services, rules, …)
/// change an app through `edit`: a pure change of the app model, which is stored as the app's
/// next version and served at once, or refused whole (nothing stored) when it throws or when
/// the app it makes cannot be served.
///
///     let app = try await apps.edit(appId, in: caller.groupId) { model in
///         model.functions.append(AppFunction(name: "sum", source: source))
///     }
///     let hosted = try await apps.editHosted(appId, in: caller.groupId) { app in app.secrets["jwtKey"] = value }
public struct AdminApps: Sendable {
    let services: ServerServices
    let versions: HostedAppVersions
    let ids: IdentifierSource
    let line = AppEditLine()
    /// The cost the users of the apps served have their passwords hashed at (`AdminAPI.init`).
    let passwordHashing: PasswordHashingConfig
    /// How often an edit is tried again when another server process changed the app meanwhile.
    static let editTries = 5

    var store: any HostedAppStore { services.hosting.store }
    var now: @Sendable () -> Date { services.environment.now }

    init(services: ServerServices, versions: HostedAppVersions, passwordHashing: PasswordHashingConfig) {
        self.services = services
        self.versions = versions
        self.passwordHashing = passwordHashing
        ids = IdentifierSource(randomBytes: services.environment.randomBytes, now: services.environment.now)
    }

    /// Makes an app named `name` in `groupId`, with a new client app id (`name-xxxxx`), and
    /// serves it at once.
    public func create(name: String, product: String?, in groupId: String) async throws -> HostedApp {
        try Self.checkName(name)
        guard try await list(in: groupId).count < AdminLimits.appsPerGroup else {
            throw ErrorResponse.invalidParameter("a group holds at most \(AdminLimits.appsPerGroup) apps; delete one first")
        }
        let at = Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down))
        for _ in 0..<Self.editTries {
            let app = HostedApp(
                id: ids.objectId(), groupId: groupId, model: AppModel(name: name, appId: "\(name)-\(suffix())", providers: AdminNewApp.providers()), secrets: [:],
                product: product ?? "standard", version: 1, createdAt: at, updatedAt: at)
            let config = try servedConfig(app)
            guard try await store.createHostedApp(try Self.record(app)) else { continue }
            try await serve(app, config)
            return app
        }
        throw ErrorResponse.appChangedMeanwhile()
    }

    /// The group's apps, oldest first.
    public func list(in groupId: String) async throws -> [HostedApp] {
        try await store.hostedApps().filter { $0.groupId == groupId }.prefix(AdminLimits.appsPerGroup).map(Self.decoded)
    }

    /// The app `id` of `groupId`; AppNotFound for another group's app as for none.
    public func app(_ id: String, in groupId: String) async throws -> HostedApp {
        guard let record = try await store.hostedApp(id: id), record.groupId == groupId else { throw ErrorResponse.adminAppNotFound(id) }
        return try Self.decoded(record)
    }

    /// Removes the app with its users, sessions, keys and data, and stops serving it: its tokens
    /// are refused at once here and on every server over the database (each request reads its
    /// session). The audit keeps the app's lines.
    public func delete(_ id: String, in groupId: String) async throws -> HostedApp {
        let app = try await app(id, in: groupId)
        guard try await store.deleteHostedApp(id: id, clientAppId: app.clientAppId) else { throw ErrorResponse.adminAppNotFound(id) }
        withdraw(id, clientAppId: app.clientAppId)
        return app
    }

    /// Changes the app's model with `change` and serves the result at once; see the type's
    /// comment. `change` may run more than once (another server process changed the app
    /// meanwhile): it must be a pure function of the model it is given.
    @discardableResult
    public func edit(_ id: String, in groupId: String, _ change: (inout AppModel) throws -> Void) async throws -> HostedApp {
        try await editHosted(id, in: groupId) { app in
            if var draft = app.draft {
                try change(&draft.model)
                app.draft = draft
            } else {
                try change(&app.model)
            }
        }
    }

    /// `edit` for what lies beside the model: the secrets' values. The ids, group and version
    /// are kept whatever `change` does to them.
    @discardableResult
    public func editHosted(_ id: String, in groupId: String, _ change: (inout HostedApp) throws -> Void) async throws -> HostedApp {
        await line.enter(id)
        do {
            let edited = try await editHostedNow(id, in: groupId, change)
            await line.leave(id)
            return edited
        } catch {
            await line.leave(id)
            throw error
        }
    }

    private func editHostedNow(_ id: String, in groupId: String, _ change: (inout HostedApp) throws -> Void) async throws -> HostedApp {
        for _ in 0..<Self.editTries {
            let current = try await app(id, in: groupId)
            var changed = current
            try change(&changed)
            changed.id = current.id
            changed.groupId = current.groupId
            changed.model.appId = current.model.appId
            changed.createdAt = current.createdAt
            changed.version = current.version + 1
            changed.updatedAt = now()
            if var draft = changed.draft {
                // A draft must stay servable too, so that deploying it cannot fail.
                draft.model.appId = current.model.appId
                changed.draft = draft
                var deployed = changed
                deployed.model = draft.model
                deployed.secrets = draft.secrets ?? changed.secrets
                _ = try Self.servable(deployed)
            }
            let deployment = try deploymentMade(from: current, to: &changed)
            let config = try servedConfig(changed)
            guard try await store.updateHostedApp(try Self.record(changed), deployment: deployment) else { continue }
            try await serve(changed, config)
            return changed
        }
        throw ErrorResponse.appChangedMeanwhile()
    }

    /// The deployment a change makes, kept beside the app: the one the change added itself (a
    /// draft deployed, a deployment served again) or, for a change of the model served made
    /// without a draft, one added here, as App Services deploys such a change at once. Secrets
    /// are no part of a deployment: making or deleting one deploys nothing.
    private func deploymentMade(from current: HostedApp, to changed: inout HostedApp) throws -> HostedAppDeploymentRecord? {
        if changed.deployments.first?.id == current.deployments.first?.id {
            let deployed = AppDeployment.model(changed.model, keepingSecretsOf: current.model)
            guard current.draft == nil, changed.draft == nil, deployed != current.model else { return nil }
            changed.add(AppDeployment(id: ids.objectId(), operatorId: AdminCaller.current?.operatorId ?? "", deployedAt: changed.updatedAt))
        }
        guard let made = changed.deployments.first else { return nil }
        return HostedAppDeploymentRecord(
            id: made.id, appId: changed.id, appVersion: changed.version,
            document: String(decoding: try JSONEncoder().encode(changed.model), as: UTF8.self), deployedAt: made.deployedAt)
    }

    // MARK: Serving

    /// Serves every app the store holds: at start, before the first request.
    public func serveAll() async throws {
        try await follow()
    }

    /// Brings what this process serves in line with the store once: new and changed apps
    /// served, removed ones withdrawn. An app that cannot be served is logged and skipped.
    public func follow() async throws {
        let stamps = try await store.hostedAppStamps()
        let held = Set(stamps.map(\.id))
        for (id, served) in versions.snapshot where !held.contains(id) {
            withdraw(id, clientAppId: served.clientAppId)
        }
        let served = versions.snapshot
        for stamp in stamps where (served[stamp.id]?.version ?? 0) < stamp.version {
            guard let record = try await store.hostedApp(id: stamp.id) else { continue }
            do {
                let app = try Self.decoded(record)
                try await serve(app, try servedConfig(app))
            } catch {
                services.environment.logger.warning(
                    "the app \(record.clientAppId) the database holds cannot be served", metadata: ["reason": "\(error)"])
            }
        }
    }

    /// Follows the store every `interval` until the task is cancelled: how an app made or changed
    /// on another server process over the same database is served here.
    public func follow(every interval: Duration) async {
        while !Task.isCancelled {
            do {
                try await follow()
            } catch {
                services.environment.logger.warning("following the database's apps failed; again shortly", metadata: ["reason": "\(error)"])
            }
            try? await Task.sleep(for: interval)
        }
    }

    private func serve(_ app: HostedApp, _ config: AppConfig) async throws {
        guard versions.claim(app.id, .init(version: app.version, clientAppId: app.clientAppId, groupId: app.groupId)) else { return }
        try await services.install(config)
    }

    private func withdraw(_ id: String, clientAppId: String) {
        _ = versions.remove(id)
        services.withdraw(appId: clientAppId)
    }

    // MARK: Documents

    /// What this server serves for the app: what its model serves (`servable`), its users'
    /// passwords hashed at this server's cost.
    private func servedConfig(_ app: HostedApp) throws -> AppConfig {
        var config = try Self.servable(app)
        config.passwordHashing = passwordHashing
        return config
    }

    /// What the app's model serves; InvalidParameter naming the part when it cannot.
    static func servable(_ app: HostedApp) throws -> AppConfig {
        do {
            return try app.model.servableApp(secrets: AppSecrets(app.secrets)).config
        } catch {
            throw ErrorResponse.invalidParameter("the app cannot be served: \(error)")
        }
    }

    static func record(_ app: HostedApp) throws -> HostedAppRecord {
        let document = HostedAppDocument(
            model: app.model, secrets: app.secrets, product: app.product, draft: app.draft, deployments: app.deployments.isEmpty ? nil : app.deployments,
            privateSettings: app.privateSettings == AppPrivateSettings() ? nil : app.privateSettings)
        return HostedAppRecord(
            id: app.id, groupId: app.groupId, clientAppId: app.clientAppId, name: app.model.name,
            document: String(decoding: try JSONEncoder().encode(document), as: UTF8.self), version: app.version, createdAt: app.createdAt,
            updatedAt: app.updatedAt)
    }

    static func decoded(_ record: HostedAppRecord) throws -> HostedApp {
        let document = try JSONDecoder().decode(HostedAppDocument.self, from: Data(record.document.utf8))
        return HostedApp(
            id: record.id, groupId: record.groupId, model: document.model, secrets: document.secrets, product: document.product,
            draft: document.draft, deployments: document.deployments ?? [], privateSettings: document.privateSettings ?? AppPrivateSettings(),
            version: record.version, createdAt: record.createdAt,
            updatedAt: record.updatedAt)
    }

    /// App Services' app names: letters, digits, `_` and `-`, starting with a letter, at most 32.
    static func checkName(_ name: String) throws {
        let allowed = name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2D }
        guard !name.isEmpty, name.utf8.count <= 32, allowed, let first = name.unicodeScalars.first, first.properties.isAlphabetic else {
            throw ErrorResponse.invalidParameter(
                "invalid parameter 'name': an app name has 1 to 32 letters, digits, '_' or '-' and starts with a letter; '\(name.prefix(40))' does not")
        }
    }

    /// Five lowercase letters, as App Services' client app ids end.
    private func suffix() -> String {
        String(ids.secret().utf8.prefix(5).map { Character(UnicodeScalar(0x61 + $0 % 26)) })
    }
}
