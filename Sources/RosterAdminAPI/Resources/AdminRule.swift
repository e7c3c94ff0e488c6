import RosterAppModel
import RosterWire

/// A data source's default rule as the Admin API reads and writes it
/// (`services/{id}/default_rule`): `{"_id", "roles": [...]}`, each role in App Services' keys
/// (`name`, `apply_when`, `document_filters`, `read`, `write`, `insert`, `delete`, `search`,
/// `fields`, `additional_fields`). It covers every collection without a rule of its own.
public struct AdminDefaultRule: Codable, Sendable, Equatable {
    public var id: String?
    public var roles: [AppRole]

    enum CodingKeys: String, CodingKey { case id = "_id", roles }

    public init(id: String? = nil, roles: [AppRole]) {
        self.id = id
        self.roles = roles
    }

    /// Sets the default rule of the data source `serviceId` (`POST` makes it, as `id`; one there
    /// already is refused: `PUT` replaces it).
    public func set(serviceId: String, id: String, replacing: Bool) throws(AdminResourceError) -> AppEdit {
        try AdminCollectionRule.check(roles)
        let roles = self.roles
        return { app in
            let service = try AdminService.dataSource(id: serviceId, field: "service", in: app)
            var rules = AdminRuleSet.rules(of: service.name, in: app)
            if rules.defaultRoles != nil, !replacing {
                throw AdminResourceError.duplicate("RuleAlreadyExists", "service '\(service.name)' has a default rule already")
            }
            if rules.defaultRoles == nil, replacing { throw AdminResourceError.notFound("RuleNotFound", "default rule", id: serviceId) }
            rules.defaultRoles = roles
            rules.defaultRuleId = rules.defaultRuleId ?? id
            AdminRuleSet.store(rules, in: &app)
        }
    }

    public static func find(serviceId: String, in app: AppModel) throws(AdminResourceError) -> AdminDefaultRule {
        let service = try AdminService.dataSource(id: serviceId, field: "service", in: app)
        let rules = AdminRuleSet.rules(of: service.name, in: app)
        guard let roles = rules.defaultRoles else { throw .notFound("RuleNotFound", "default rule", id: serviceId) }
        return AdminDefaultRule(id: rules.defaultRuleId ?? AdminObjectID.derived(kind: "default_rule", name: service.name), roles: roles)
    }

    public static func delete(serviceId: String) -> AppEdit {
        { app in
            let service = try AdminService.dataSource(id: serviceId, field: "service", in: app)
            var rules = AdminRuleSet.rules(of: service.name, in: app)
            guard rules.defaultRoles != nil else { throw AdminResourceError.notFound("RuleNotFound", "default rule", id: serviceId) }
            rules.defaultRoles = nil
            rules.defaultRuleId = nil
            AdminRuleSet.store(rules, in: &app)
        }
    }
}

/// A collection's rule as the Admin API reads and writes it (`services/{id}/rules`):
/// `{"_id", "database", "collection", "roles", "filters"}`.
///
///     POST services/{id}/rules {"database": "app", "collection": "UserData", "roles": [{"name": "default", …}]}
public struct AdminCollectionRule: Codable, Sendable, Equatable {
    public var id: String?
    public var database: String
    public var collection: String
    public var roles: [AppRole]?
    public var filters: [JSONValue]?

    enum CodingKeys: String, CodingKey { case id = "_id", database, collection, roles, filters }

    public init(id: String? = nil, database: String, collection: String, roles: [AppRole]? = nil, filters: [JSONValue]? = nil) {
        self.id = id
        self.database = database
        self.collection = collection
        self.roles = roles
        self.filters = filters
    }

    init(_ rule: AppCollectionRule, service: String) {
        self.init(id: Self.id(of: rule, service: service), database: rule.database, collection: rule.collection, roles: rule.roles, filters: rule.filters)
    }

    /// What a list shows of each: `{"_id", "database", "collection"}`.
    public var summary: AdminCollectionRule { AdminCollectionRule(id: id, database: database, collection: collection) }

    /// The most roles one rule may hold.
    public static let maxRoles = 100

    static func check(_ roles: [AppRole]) throws(AdminResourceError) {
        guard roles.count <= maxRoles else { throw .invalid("roles", "holds more than \(maxRoles) roles") }
        for (index, role) in roles.enumerated() where role.name.isEmpty { throw .missing("roles.\(index).name") }
        let names = roles.map(\.name)
        if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw .invalid("roles", "names the role '\(twice)' twice")
        }
    }

    func appRule(id: String) throws(AdminResourceError) -> AppCollectionRule {
        guard !database.isEmpty else { throw .missing("database") }
        guard !collection.isEmpty else { throw .missing("collection") }
        try AdminCollectionRule.check(roles ?? [])
        return AppCollectionRule(database: database, collection: collection, roles: roles ?? [], filters: filters ?? [], id: id)
    }

    /// Adds the rule to the data source `serviceId` as `id`; a collection that has one is refused.
    public func create(serviceId: String, id: String) throws(AdminResourceError) -> AppEdit {
        let rule = try appRule(id: id)
        return { app in
            let service = try AdminService.dataSource(id: serviceId, field: "service", in: app)
            var rules = AdminRuleSet.rules(of: service.name, in: app)
            if rules.collections.contains(where: { $0.database == rule.database && $0.collection == rule.collection }) {
                throw AdminResourceError.duplicate("RuleAlreadyExists", "a rule for '\(rule.database).\(rule.collection)' already exists")
            }
            rules.collections.append(rule)
            AdminRuleSet.store(rules, in: &app)
        }
    }

    /// Replaces the rule `id` of the data source `serviceId`, keeping its schema.
    public func update(serviceId: String, id: String) throws(AdminResourceError) -> AppEdit {
        let body = self
        return { app in
            let service = try AdminService.dataSource(id: serviceId, field: "service", in: app)
            var rules = AdminRuleSet.rules(of: service.name, in: app)
            let index = try AdminCollectionRule.index(of: id, in: rules)
            var rule = try body.appRule(id: rules.collections[index].id ?? id)
            if rules.collections.indices.contains(where: { $0 != index && rules.collections[$0].database == rule.database && rules.collections[$0].collection == rule.collection }) {
                throw AdminResourceError.duplicate("RuleAlreadyExists", "a rule for '\(rule.database).\(rule.collection)' already exists")
            }
            rule.schema = rules.collections[index].schema
            rules.collections[index] = rule
            AdminRuleSet.store(rules, in: &app)
        }
    }

    public static func delete(serviceId: String, id: String) -> AppEdit {
        { app in
            let service = try AdminService.dataSource(id: serviceId, field: "service", in: app)
            var rules = AdminRuleSet.rules(of: service.name, in: app)
            rules.collections.remove(at: try index(of: id, in: rules))
            AdminRuleSet.store(rules, in: &app)
        }
    }

    public static func list(serviceId: String, in app: AppModel) throws(AdminResourceError) -> [AdminCollectionRule] {
        let service = try AdminService.dataSource(id: serviceId, field: "service", in: app)
        return AdminRuleSet.rules(of: service.name, in: app).collections.map { AdminCollectionRule($0, service: service.name).summary }
    }

    public static func find(serviceId: String, id: String, in app: AppModel) throws(AdminResourceError) -> AdminCollectionRule {
        let service = try AdminService.dataSource(id: serviceId, field: "service", in: app)
        let rules = AdminRuleSet.rules(of: service.name, in: app)
        return AdminCollectionRule(rules.collections[try index(of: id, in: rules)], service: service.name)
    }

    static func id(of rule: AppCollectionRule, service: String) -> String {
        AdminObjectID.resolve(rule.id, kind: "rule", name: "\(service)/\(rule.database)/\(rule.collection)")
    }

    static func index(of id: String, in rules: AppServiceRules) throws(AdminResourceError) -> Int {
        guard let index = rules.collections.firstIndex(where: { Self.id(of: $0, service: rules.service) == id }) else {
            throw .notFound("RuleNotFound", "rule", id: id)
        }
        return index
    }
}

/// The rules of one data source in the model, read and written back whole.
enum AdminRuleSet {
    static func rules(of service: String, in app: AppModel) -> AppServiceRules {
        app.rules.first { $0.service == service } ?? AppServiceRules(service: service)
    }

    static func store(_ rules: AppServiceRules, in app: inout AppModel) {
        let keep = rules.defaultRoles != nil || !rules.collections.isEmpty
        if let index = app.rules.firstIndex(where: { $0.service == rules.service }) {
            if keep { app.rules[index] = rules } else { app.rules.remove(at: index) }
        } else if keep {
            app.rules.append(rules)
        }
    }
}
