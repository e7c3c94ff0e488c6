import RosterAppModel

/// Who may read and write one collection through data access (`functions/call` with
/// `mongodb-atlas`): in Roster's rule words, nobody, each user their own documents (those whose
/// `userIdField` holds their id), or every logged-in user; or App Services' `roles`, as
/// `rules.json` writes them (the words are one such role, `AppRole.words`). A collection without a rule is closed; the custom user
/// data collection, unless a rule says otherwise, is readable by its owner and writable by
/// nobody: its fields reach the access token's `user_data`, where an app may keep roles, so a
/// user may change their own only where the app says so.
///
///     "rules": [{ "database": "kiosk", "collection": "notes", "read": "all", "write": "own", "userIdField": "owner" },
///               { "database": "kiosk", "collection": "shops", "roles": [{ "name": "owner", "apply_when": { "owner": "%%user.id" }, "read": true }] }]
public struct DataRule: Codable, Sendable, Equatable {
    public enum Access: String, Codable, Sendable {
        case none, own, all
    }

    public var database: String
    public var collection: String
    public var read: Access
    public var write: Access
    /// The field naming a document's owner; `own` needs it.
    public var userIdField: String?
    /// App Services' roles, in order; when given, `read` and `write` are not (they stay `none`).
    public var explicitRoles: [AppRole]?

    public init(database: String, collection: String, read: Access, write: Access, userIdField: String? = nil) {
        self.database = database
        self.collection = collection
        self.read = read
        self.write = write
        self.userIdField = userIdField
    }

    public init(database: String, collection: String, roles: [AppRole]) {
        self.init(database: database, collection: collection, read: .none, write: .none)
        explicitRoles = roles
    }

    /// The roles this rule evaluates: its own, or the one its words say.
    public var roles: [AppRole] {
        explicitRoles ?? [
            AppRole.words(
                AppRuleWords(read: AppAccess(rawValue: read.rawValue) ?? .none, write: AppAccess(rawValue: write.rawValue) ?? .none, ownerField: userIdField))
        ]
    }

    /// Whether the rule is Roster's words, with their own checks (a query naming someone else's
    /// documents refused, the owner field filled in and kept).
    package var isWords: Bool { explicitRoles == nil }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case database, collection, read, write, userIdField
        case explicitRoles = "roles"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        database = try container.decode(String.self, forKey: .database)
        collection = try container.decode(String.self, forKey: .collection)
        explicitRoles = try container.decodeIfPresent([AppRole].self, forKey: .explicitRoles)
        if explicitRoles != nil {
            if container.contains(.read) || container.contains(.write) || container.contains(.userIdField) {
                throw DecodingError.dataCorruptedError(
                    forKey: .explicitRoles, in: container, debugDescription: "a rule gives roles or read/write/userIdField, not both")
            }
            read = .none
            write = .none
        } else {
            read = try container.decode(Access.self, forKey: .read)
            write = try container.decode(Access.self, forKey: .write)
            userIdField = try container.decodeIfPresent(String.self, forKey: .userIdField)
        }
    }

    package func validate(source: String) throws {
        guard !database.isEmpty, !collection.isEmpty else {
            throw AppConfigError.invalid(path: source, reason: "a rule needs database and collection")
        }
        if isWords, (read == .own || write == .own) && (userIdField ?? "").isEmpty {
            throw AppConfigError.invalid(path: source, reason: "the rule for \(database).\(collection) says 'own' but names no userIdField")
        }
        if let refusal = RoleCheck.refusal(roles) {
            throw AppConfigError.invalid(path: source, reason: "the rule for \(database).\(collection), key 'roles.\(refusal.key)': \(refusal.reason)")
        }
    }
}

extension AppConfig {
    /// The field of each collection whose string value the store indexes as the document's
    /// owner: the custom user data field (looked up at every log-in and refresh), and each
    /// `own` rule's user-id field.
    package var ownerFields: [OwnerField] {
        var fields: [OwnerField] = []
        if let data = customUserData, data.enabled {
            fields.append(OwnerField(appId: appId, database: data.database, collection: data.collection, field: data.userIdField))
        }
        for rule in rules where rule.read == .own || rule.write == .own {
            guard let field = rule.userIdField,
                !fields.contains(where: { $0.database == rule.database && $0.collection == rule.collection })
            else { continue }
            fields.append(OwnerField(appId: appId, database: rule.database, collection: rule.collection, field: field))
        }
        return fields
    }

    /// The rule for a collection: the configured one, else the custom user data default
    /// (read own, write none), else the default rule's roles.
    package func rule(database: String, collection: String) -> DataRule? {
        if let rule = rules.first(where: { $0.database == database && $0.collection == collection }) { return rule }
        if let data = customUserData, data.enabled, data.database == database, data.collection == collection {
            return DataRule(database: database, collection: collection, read: .own, write: .none, userIdField: data.userIdField)
        }
        if let roles = defaultRule?.roles, !roles.isEmpty { return DataRule(database: database, collection: collection, roles: roles) }
        return nil
    }
}
