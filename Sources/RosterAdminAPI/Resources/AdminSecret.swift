import RosterAppModel

/// A secret as the Admin API reads and writes it (`secrets`): `{"_id", "name", "value"}` in,
/// `{"_id", "name"}` out; the value is never shown again. The model keeps only the name:
/// the route hands the value to the store of secret values.
///
///     POST secrets {"name": "customTokenKey", "value": "…"}
public struct AdminSecret: Codable, Sendable, Equatable {
    public var id: String?
    public var name: String
    public var value: String?

    enum CodingKeys: String, CodingKey { case id = "_id", name, value }

    public init(id: String? = nil, name: String, value: String? = nil) {
        self.id = id
        self.name = name
        self.value = value
    }

    /// Every secret of the app as the API lists them: those made through it, then those its
    /// values, providers and services name.
    public static func list(_ app: AppModel) -> [AdminSecret] {
        let made = app.secrets.map { AdminSecret(id: AdminObjectID.resolve($0.id, kind: "secret", name: $0.name), name: $0.name) }
        let named = app.secretNames.filter { name in !app.secrets.contains { $0.name == name } }
            .map { AdminSecret(id: AdminObjectID.derived(kind: "secret", name: $0), name: $0) }
        return made + named
    }

    /// The most a secret's value may hold.
    public static let maxValueBytes = 64 * 1024

    /// The value, checked: present, and no longer than `maxValueBytes`.
    public func checkedValue() throws(AdminResourceError) -> String {
        guard let value else { throw .missing("value") }
        guard value.utf8.count <= Self.maxValueBytes else { throw .invalid("value", "is longer than \(Self.maxValueBytes) bytes") }
        return value
    }

    /// Adds the secret's name as `id`; a name the app has is refused.
    public func create(id: String) throws(AdminResourceError) -> AppEdit {
        try ResourceName.check(name)
        _ = try checkedValue()
        let secret = AppSecret(name: name, id: id)
        return { app in
            guard !app.secrets.contains(where: { $0.name == secret.name }) else {
                throw AdminResourceError.duplicate("SecretAlreadyExists", "a secret named '\(secret.name)' already exists")
            }
            app.secrets.append(secret)
        }
    }

    /// Renames the secret `id` when the name changed (`PUT secrets/{id}`); what names it by
    /// the old name is changed too. The value, when given, goes to the store of values.
    public func update(id: String) throws(AdminResourceError) -> AppEdit {
        try ResourceName.check(name)
        if value != nil { _ = try checkedValue() }
        let name = self.name
        return { app in
            let old = try AdminSecret.name(of: id, in: app)
            guard name != old else { return }
            guard !app.secretNames.contains(name) else {
                throw AdminResourceError.duplicate("SecretAlreadyExists", "a secret named '\(name)' already exists")
            }
            if let index = app.secrets.firstIndex(where: { $0.name == old }) {
                app.secrets[index].name = name
            } else {
                app.secrets.append(AppSecret(name: name, id: id))
            }
            SecretReferences.rename(old, to: name, in: &app)
        }
    }

    /// Removes the secret `id`; one a value, provider or service still names is refused.
    public static func delete(id: String) -> AppEdit {
        { app in
            let name = try name(of: id, in: app)
            var without = app
            without.secrets.removeAll { $0.name == name }
            if without.secretNames.contains(name) {
                throw AdminResourceError.conflict("InvalidParameter", "secret '\(name)' is still used by a value, provider or service; change that first")
            }
            app = without
        }
    }

    /// The name of the secret `id`.
    public static func name(of id: String, in app: AppModel) throws(AdminResourceError) -> String {
        guard let secret = list(app).first(where: { $0.id == id }) else { throw .notFound("SecretNotFound", "secret", id: id) }
        return secret.name
    }
}

/// Where an app names its secrets: values, providers' and services' `secret_config`.
enum SecretReferences {
    static func rename(_ old: String, to new: String, in app: inout AppModel) {
        for index in app.values.indices where app.values[index].content == .secret(old) { app.values[index].content = .secret(new) }
        for index in app.providers.indices {
            app.providers[index].secretConfig = app.providers[index].secretConfig.mapValues { $0 == old ? new : $0 }
        }
        for index in app.services.indices {
            app.services[index].secretConfig = app.services[index].secretConfig.mapValues { $0 == old ? new : $0 }
        }
    }
}
