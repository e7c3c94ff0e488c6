import Foundation
import RosterAppModel
import RosterWire

extension AppDirectoryWriter {
    /// A provider's entry of `auth/providers.json`, under App Services' keys for its kind; its
    /// secrets named in `secret_config`, never their values.
    static func providerEntry(_ provider: AppProvider) -> JSONValue {
        var entry: JSONObject = ["name": .string(provider.name), "type": .string(provider.kind.rawValue), "disabled": .bool(provider.disabled)]
        entry["id"] = provider.id.map(JSONValue.string)
        var config: JSONObject = [:]
        var secrets: JSONObject = [:]
        switch provider.settings {
        case .none:
            break
        case .emailPassword(let settings):
            config["autoConfirm"] = .bool(settings.autoConfirm)
            config["runConfirmationFunction"] = .bool(settings.runConfirmationFunction)
            config["confirmationFunctionName"] = settings.confirmationFunctionName.map(JSONValue.string)
            config["runResetFunction"] = .bool(settings.runResetFunction)
            config["resetFunctionName"] = settings.resetFunctionName.map(JSONValue.string)
            config["emailConfirmationUrl"] = settings.emailConfirmationUrl.map(JSONValue.string)
            config["resetPasswordUrl"] = settings.resetPasswordUrl.map(JSONValue.string)
            config["confirmEmailSubject"] = settings.confirmEmailSubject.map(JSONValue.string)
            config["resetPasswordSubject"] = settings.resetPasswordSubject.map(JSONValue.string)
        case .customToken(let settings):
            config["signingAlgorithm"] = .string(settings.signingAlgorithm.rawValue)
            config["audience"] = .array(settings.audience.map(JSONValue.string))
            config["requireAnyAudience"] = .bool(settings.requireAnyAudience)
            config["useJWKURI"] = .bool(settings.useJWKURI)
            config["jwkURI"] = settings.jwkURI.map(JSONValue.string)
            let keys = provider.signingKeySecrets
            if !keys.isEmpty { secrets["signingKeys"] = .array(keys.map(JSONValue.string)) }
        case .customFunction(let function):
            config["authFunctionName"] = .string(function)
        case .oauth(let settings):
            config["clientId"] = settings.clientId.map(JSONValue.string)
            if provider.kind == .google { config["openId"] = .bool(settings.openId) }
            if let secret = provider.secretConfig["clientSecret"] { secrets["clientSecret"] = .string(secret) }
        }
        if !config.isEmpty { entry["config"] = .object(config) }
        if !secrets.isEmpty { entry["secret_config"] = .object(secrets) }
        if !provider.metadataFields.isEmpty {
            entry["metadata_fields"] = .array(provider.metadataFields.map { field in
                .object(["required": .bool(field.required), "name": .string(field.name), "field_name": .string(field.fieldName)])
            })
        }
        if !provider.redirectURIs.isEmpty { entry["redirect_uris"] = .array(provider.redirectURIs.map(JSONValue.string)) }
        if case .oauth(let settings) = provider.settings, let domains = settings.domainRestrictions {
            entry["domain_restrictions"] = .array(domains.map(JSONValue.string))
        }
        return .object(entry)
    }

    /// `data_sources/<service>/` for each data source: its `config.json`, `default_rule.json`
    /// and each collection's `rules.json` and `schema.json`. Any other service goes under
    /// `services/<name>/config.json`, where App Services keeps third-party services.
    static func writeDataSources(_ model: AppModel, into files: inout AppDirectoryFiles) throws(AppDirectoryError) {
        for service in model.services {
            try checkName(service.name, in: "data_sources")
            var config: JSONObject = ["name": .string(service.name), "type": .string(service.type), "config": service.config, "version": 1]
            config["id"] = service.id.map(JSONValue.string)
            if !service.secretConfig.isEmpty {
                config["secret_config"] = .object(JSONObject(service.secretConfig.mapValues(JSONValue.string)))
            }
            let folder = service.isDataSource ? "data_sources" : "services"
            files.json("\(folder)/\(service.name)/config.json", .object(config))
        }
        for rules in model.rules {
            guard let service = model.services.first(where: { $0.name == rules.service }), service.isDataSource else {
                throw AppDirectoryError(file: "data_sources/\(rules.service)", reason: "rules for '\(rules.service)', which is not a data source of the app")
            }
            let base = "data_sources/\(rules.service)"
            if let roles = rules.defaultRoles {
                var file: JSONObject = ["roles": .array(roles.map(roleEntry)), "filters": []]
                file["id"] = rules.defaultRuleId.map(JSONValue.string)
                files.json("\(base)/default_rule.json", .object(file))
            }
            for collection in rules.collections {
                try checkName(collection.database, in: base)
                try checkName(collection.collection, in: "\(base)/\(collection.database)")
                let folder = "\(base)/\(collection.database)/\(collection.collection)"
                if !(collection.roles.isEmpty && collection.filters.isEmpty && collection.schema != nil) {
                    var file: JSONObject = [
                        "collection": .string(collection.collection), "database": .string(collection.database),
                        "roles": .array(collection.roles.map(roleEntry)), "filters": .array(collection.filters),
                    ]
                    file["id"] = collection.id.map(JSONValue.string)
                    files.json("\(folder)/rules.json", .object(file))
                }
                if let schema = collection.schema { files.json("\(folder)/schema.json", schema) }
            }
        }
        // Schemas the Admin API keeps apart from the rules, each beside its collection's rules.
        for schema in model.schemas {
            try checkName(schema.service, in: "data_sources")
            try checkName(schema.database, in: "data_sources/\(schema.service)")
            try checkName(schema.collection, in: "data_sources/\(schema.service)/\(schema.database)")
            let folder = "data_sources/\(schema.service)/\(schema.database)/\(schema.collection)"
            files.json("\(folder)/schema.json", schema.schema)
            if schema.relationships != .emptyObject, schema.relationships != .null {
                files.json("\(folder)/relationships.json", schema.relationships)
            }
        }
    }

    /// A role as App Services writes it: `name`, `apply_when`, `document_filters`, then each
    /// permission the role sets.
    static func roleEntry(_ role: AppRole) -> JSONValue {
        var entry: JSONObject = ["name": .string(role.name), "apply_when": role.applyWhen]
        if role.readFilter != nil || role.writeFilter != nil {
            var filters: JSONObject = [:]
            filters["read"] = role.readFilter
            filters["write"] = role.writeFilter
            entry["document_filters"] = .object(filters)
        }
        entry["read"] = role.read
        entry["write"] = role.write
        entry["insert"] = role.insert
        entry["delete"] = role.delete
        entry["search"] = role.search
        entry["fields"] = role.fields
        entry["additional_fields"] = role.additionalFields
        return .object(entry)
    }

    /// `functions/config.json`, the list of functions, and each one's `functions/<name>.js`.
    static func writeFunctions(_ functions: [AppFunction], into files: inout AppDirectoryFiles) throws(AppDirectoryError) {
        var list: [JSONValue] = []
        for function in functions {
            try checkName(function.name, in: "functions/config.json", nested: true)
            guard let source = function.source else {
                throw AppDirectoryError(file: "functions/config.json", key: function.name, reason: "the function has no JavaScript source to write")
            }
            var entry: JSONObject = ["name": .string(function.name), "private": .bool(function.isPrivate)]
            entry["id"] = function.id.map(JSONValue.string)
            if function.runAsSystem { entry["run_as_system"] = true }
            if let condition = function.canEvaluate { entry["can_evaluate"] = condition }
            if function.disableArgLogs { entry["disable_arg_logs"] = true }
            list.append(.object(entry))
            files.add("functions/\(function.name).js", Data(source.utf8))
        }
        files.json("functions/config.json", .array(list))
    }
}
