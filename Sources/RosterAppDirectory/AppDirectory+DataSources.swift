import RosterAppModel
import RosterServerCore
import RosterWire

extension AppDirectoryReader {
    /// `data_sources/<service>/`: the service's `config.json`, its `default_rule.json`, and each
    /// `<database>/<collection>/` with `rules.json`, `schema.json` and `relationships.json`.
    mutating func dataSources() throws -> ([AppService], [AppServiceRules]) {
        var services: [AppService] = []
        var rules: [AppServiceRules] = []
        var schemas = 0
        var relationships = 0
        for folder in try walk.names(in: "data_sources") {
            let base = "data_sources/\(folder)"
            guard try walk.kind(base) == .folder else { throw AppDirectoryError(file: base, reason: "data_sources/ holds a folder per service") }
            let configFile = "\(base)/config.json"
            guard let config = try walk.fieldsIfPresent(configFile) else {
                throw AppDirectoryError(file: configFile, reason: "missing: each data source has its config.json")
            }
            try config.known(["name", "type", "config", "version", "secret_config", "id"])
            let service = config.object["name"] == nil ? folder : try config.requiredString("name")
            var secretConfig: [String: String] = [:]
            if let secrets = try config.fields("secret_config") {
                for (key, _) in secrets.object { secretConfig[key] = try secrets.requiredString(key) }
            }
            services.append(
                AppService(
                    name: service, type: try config.requiredString("type"), config: config.value("config") ?? .emptyObject,
                    secretConfig: secretConfig, id: try config.objectId()))
            var serviceRules = AppServiceRules(service: service)
            for database in try walk.names(in: base) {
                let databasePath = "\(base)/\(database)"
                switch try walk.kind(databasePath) {
                case .file:
                    if database == "default_rule.json" {
                        let fields = try JSONFields(try walk.json(databasePath), file: databasePath)
                        try fields.known(["roles", "filters", "id"])
                        try Self.refuseFilters(fields)
                        serviceRules.defaultRoles = try Self.roles(fields)
                        serviceRules.defaultRuleId = try fields.objectId()
                    } else if database != "config.json" {
                        throw AppDirectoryError(file: databasePath, reason: "not a data source's file (config.json, default_rule.json)")
                    }
                case .folder:
                    for collection in try walk.names(in: databasePath) {
                        let collectionPath = "\(databasePath)/\(collection)"
                        guard try walk.kind(collectionPath) == .folder else {
                            throw AppDirectoryError(file: collectionPath, reason: "a database's folder holds a folder per collection")
                        }
                        var rule: AppCollectionRule?
                        var schema: JSONValue?
                        for name in try walk.names(in: collectionPath) {
                            let file = "\(collectionPath)/\(name)"
                            switch name {
                            case "rules.json":
                                let fields = try JSONFields(try walk.json(file), file: file)
                                try fields.known(["database", "collection", "roles", "filters", "id", "schema"])
                                try Self.refuseFilters(fields)
                                rule = AppCollectionRule(
                                    database: try fields.string("database") ?? database, collection: try fields.string("collection") ?? collection,
                                    roles: try Self.roles(fields), filters: try fields.array("filters") ?? [], id: try fields.objectId())
                            case "schema.json":
                                schema = try walk.json(file)
                                schemas += 1
                            case "relationships.json":
                                _ = try walk.json(file)
                                relationships += 1
                            default:
                                throw AppDirectoryError(file: file, reason: "not a collection's file (rules.json, schema.json, relationships.json)")
                            }
                        }
                        if var rule {
                            rule.schema = schema
                            serviceRules.collections.append(rule)
                        } else if let schema {
                            serviceRules.collections.append(AppCollectionRule(database: database, collection: collection, roles: [], schema: schema))
                        }
                    }
                case nil: break
                }
            }
            rules.append(serviceRules)
        }
        if schemas > 0 { notServed.append("Schema validation (\(schemas) schema.json under data_sources/) is not served") }
        if relationships > 0 { notServed.append("Relationships (\(relationships) relationships.json under data_sources/) are not served") }
        return (services, rules)
    }

    /// A rule's query `filters` refuse the directory at start, naming the file; an empty list is
    /// what App Services writes when there are none.
    static func refuseFilters(_ fields: JSONFields) throws {
        if let filters = try fields.array("filters"), !filters.isEmpty { throw fields.fail("filters", AppCollectionRule.filtersNotServed) }
    }

    /// A rule file's `roles`, each with App Services' keys.
    static func roles(_ fields: JSONFields) throws -> [AppRole] {
        var roles: [AppRole] = []
        for (index, item) in (try fields.array("roles") ?? []).enumerated() {
            let role = try JSONFields(item, file: fields.file, path: "roles.\(index)")
            try role.known([
                "name", "apply_when", "document_filters", "read", "write", "insert", "delete", "search", "fields", "additional_fields",
            ])
            let filters = try role.fields("document_filters")
            try filters?.known(["read", "write"])
            roles.append(
                AppRole(
                    name: try role.string("name") ?? "role \(index)", applyWhen: role.value("apply_when") ?? .emptyObject,
                    readFilter: filters?.value("read"), writeFilter: filters?.value("write"), read: role.value("read"),
                    write: role.value("write"), insert: role.value("insert"), delete: role.value("delete"), search: role.value("search"),
                    fields: role.value("fields"), additionalFields: role.value("additional_fields")))
        }
        if let refusal = RoleCheck.refusal(roles) { throw fields.fail("roles.\(refusal.key)", refusal.reason) }
        return roles
    }
}
