import RosterWire

/// Roster's own rule words (`read`/`write`: `none`, `own` or `all`, with the field naming a
/// document's owner) as an App Services role, and back: one role that applies always,
/// reaching every document (`all`), those whose owner field holds the user's id (`own`,
/// `{"<field>": "%%user.id"}`) or none.
///
///     let role = AppRole.words(read: .all, write: .own, ownerField: "owner")
///     role.ruleWords  // (read: .all, write: .own, ownerField: "owner")
public enum AppAccess: String, Codable, Sendable, Equatable {
    case none, own, all
}

/// What a role says in Roster's rule words.
public struct AppRuleWords: Sendable, Equatable {
    public var read: AppAccess
    public var write: AppAccess
    public var ownerField: String?

    public init(read: AppAccess, write: AppAccess, ownerField: String? = nil) {
        self.read = read
        self.write = write
        self.ownerField = ownerField
    }
}

extension AppRole {
    /// The role of Roster's rule words.
    public static func words(_ words: AppRuleWords) -> AppRole {
        func filter(_ access: AppAccess) -> JSONValue {
            switch access {
            case .none: .bool(false)
            case .all: .bool(true)
            case .own: .object([words.ownerField ?? "": "%%user.id"])
            }
        }
        let writes = JSONValue.bool(words.write != .none)
        return AppRole(
            name: "\(words.read.rawValue)-read-\(words.write.rawValue)-write", applyWhen: .emptyObject,
            readFilter: filter(words.read), writeFilter: filter(words.write), read: .bool(words.read != .none), write: writes,
            insert: writes, delete: writes, search: .bool(words.read != .none))
    }

    /// What this role says in Roster's rule words, when it says nothing more: it applies
    /// always, sets no field permissions, allows insert and delete exactly when it allows
    /// writing, and each of its document filters is `true`, `false` (or absent) or the owner
    /// query `{"<field>": "%%user.id"}`, one field for both. Nil for any other role.
    public var ruleWords: AppRuleWords? {
        guard applyWhen == .emptyObject, fields == nil || fields == .emptyObject,
            additionalFields == nil || additionalFields == .emptyObject
        else { return nil }
        var ownerFields = Set<String>()
        func access(_ permission: JSONValue?, _ filter: JSONValue?) -> AppAccess? {
            let allowed = permission?.boolValue ?? false
            guard permission == nil || permission?.boolValue != nil else { return nil }
            guard allowed else { return filter == nil || filter?.boolValue != nil ? AppAccess.none : nil }
            switch filter {
            case nil, .bool(true)?: return .all
            case .bool(false)?: return AppAccess.none
            case .object(let query)? where query.count == 1 && query[0].value == .string("%%user.id"):
                ownerFields.insert(query[0].key)
                return .own
            default: return nil
            }
        }
        guard let read = access(read, readFilter), let write = access(write, writeFilter) else { return nil }
        let writes = write != AppAccess.none
        guard (insert?.boolValue ?? false) == writes, (delete?.boolValue ?? false) == writes,
            insert == nil || insert?.boolValue != nil, delete == nil || delete?.boolValue != nil, ownerFields.count <= 1
        else { return nil }
        return AppRuleWords(read: read, write: write, ownerField: ownerFields.first)
    }
}

extension AppCollectionRule {
    /// A collection's rule in Roster's rule words.
    public init(database: String, collection: String, words: AppRuleWords) {
        self.init(database: database, collection: collection, roles: [AppRole.words(words)])
    }

    /// What the collection's rules say in Roster's rule words: one role that says nothing
    /// more (`AppRole.ruleWords`), and no filters. Nil otherwise.
    public var ruleWords: AppRuleWords? {
        guard roles.count == 1, filters.isEmpty else { return nil }
        return roles[0].ruleWords
    }
}
