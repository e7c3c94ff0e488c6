import Foundation
import RosterAppModel
import RosterServerCore
import RosterWire

/// What an app model serves today: the app configuration the server runs with, and a line for
/// each part of the app that is kept but not served (other services, schemas), for the server
/// to say at start.
public struct ServableApp: Sendable, Equatable {
    public var config: AppConfig
    public var notServed: [String]
}

extension AppModel {
    /// The app configuration of this app, its secrets' values taken from `secrets`. Refused,
    /// naming the file and key, when the app needs what Roster cannot serve, or when a secret it
    /// names is not given (every missing one named at once).
    public func servableApp(secrets: AppSecrets) throws(AppDirectoryError) -> ServableApp {
        let missing = secretNames.filter { secrets[$0] == nil }
        guard missing.isEmpty else {
            throw AppDirectoryError(
                file: "secrets", key: missing.joined(separator: ", "),
                reason: "the app names \(missing.count == 1 ? "this secret" : "these secrets"), which no --secret or --secrets-file gives")
        }
        var notServed: [String] = []
        var config = AppConfig(appId: appId, name: name, allowedRequestOrigins: allowedRequestOrigins)
        config.environment = environment ?? ""
        // What `context.values.get` and `%%values` read: a value linked to a secret reads as the
        // secret's text, as App Services gives it.
        for value in values {
            switch value.content {
            case .plain(let json): config.values[value.name] = json
            case .secret(let secret): config.values[value.name] = secrets[secret].map { .string($0) } ?? .null
            }
        }
        (config.providers, config.webSignIn.allowedRedirectURLs) = try providersConfig(secrets: secrets, notServed: &notServed)
        let dataServices = services.filter(\.isDataSource).map(\.name)
        if !dataServices.isEmpty { config.dataServices = dataServices }
        config.pushServices = services.filter { $0.type == AppService.pushType }.map(\.name)
        for service in services where !service.isDataSource {
            notServed.append("The service '\(service.name)' (\(service.type)) is not served")
        }
        if let data = customUserData, data.enabled {
            guard config.dataServices.contains(data.service) else {
                throw AppDirectoryError(
                    file: "auth/custom_user_data.json", key: "mongo_service_name",
                    reason: "'\(data.service)' is not a data source of the app (\(config.dataServices.joined(separator: ", ")))")
            }
            if let function = data.onUserCreationFunctionName, !functions.contains(where: { $0.name == function }) {
                throw AppDirectoryError(
                    file: "auth/custom_user_data.json", key: "on_user_creation_function_name",
                    reason: "'\(function)' is not one of the app's functions (functions/config.json)")
            }
            config.customUserData = CustomUserDataConfig(
                database: data.database, collection: data.collection, userIdField: data.userIdField,
                onUserCreationFunctionName: data.onUserCreationFunctionName)
        }
        (config.rules, config.defaultRule) = try rulesConfig(dataServices: config.dataServices)
        config.functions = try functionsConfig()
        config.triggers = try triggersConfig()
        do {
            try config.validate(source: "the app directory")
        } catch {
            throw AppDirectoryError(file: "the app directory", reason: "\(error)")
        }
        return ServableApp(config: config, notServed: notServed)
    }

    /// The providers, and the pages browser sign-in may return to (the OAuth providers'
    /// `redirect_uris`).
    private func providersConfig(
        secrets: AppSecrets, notServed: inout [String]
    ) throws(AppDirectoryError) -> (providers: ProvidersConfig, redirectURLs: [String]) {
        var config = ProvidersConfig()
        var redirectURLs: [String] = []
        let file = "auth/providers.json"
        for provider in providers {
            let enabled = !provider.disabled
            func refuse(_ key: String, _ reason: String) -> AppDirectoryError {
                AppDirectoryError(file: file, key: "\(provider.name).\(key)", reason: reason)
            }
            switch (provider.kind, provider.settings) {
            case (.anonymous, _):
                config.anonymous = ToggleProviderConfig(enabled: enabled)
            case (.apiKey, _):
                config.apiKey = ToggleProviderConfig(enabled: enabled)
            case (.emailPassword, .emailPassword(let settings)):
                // A function App Services would run must be one of the app's.
                func named(_ key: String, _ name: String?, runs: Bool) throws(AppDirectoryError) -> String? {
                    guard enabled, runs else { return nil }
                    guard let name, functions.contains(where: { $0.name == name }) else {
                        throw refuse("config.\(key)", "'\(name ?? "")' is not one of the app's functions (functions/config.json)")
                    }
                    return name
                }
                let confirmer = try named("confirmationFunctionName", settings.confirmationFunctionName, runs: settings.runConfirmationFunction)
                let resetter = try named("resetFunctionName", settings.resetFunctionName, runs: settings.runResetFunction)
                // App Services takes passwords of 6 characters and more, and resets only through
                // the reset function when the provider runs one.
                config.emailPassword = EmailPasswordConfig(
                    enabled: enabled, confirmation: settings.autoConfirm ? .auto : confirmer != nil ? .function : .token,
                    confirmationFunctionName: confirmer, resetFunctionName: resetter, minimumPasswordLength: 6)
                config.emailPassword?.resetsOnlyByFunction = resetter != nil
                // The messages go to the outbox, linking to the app's own pages as App Services' mail does.
                config.emailPassword?.emailConfirmationUrl = settings.emailConfirmationUrl
                config.emailPassword?.resetPasswordUrl = settings.resetPasswordUrl
                config.emailPassword?.confirmEmailSubject = settings.confirmEmailSubject
                config.emailPassword?.resetPasswordSubject = settings.resetPasswordSubject
            case (.customToken, .customToken(let settings)):
                // Keys from a JWK URI: App Services takes RS256 tokens there, and no signing keys.
                var jwkURI: String?
                if enabled, settings.useJWKURI {
                    guard let uri = settings.jwkURI, !uri.isEmpty else { throw refuse("config.jwkURI", "is missing: useJWKURI reads the keys there") }
                    guard settings.signingAlgorithm == .rs256 else {
                        throw refuse("config.signingAlgorithm", "must be RS256 with useJWKURI: a JWK URI publishes public keys")
                    }
                    if !provider.signingKeySecrets.isEmpty {
                        notServed.append("custom-token's signingKeys are not used: with useJWKURI its keys are those at jwkURI")
                    }
                    jwkURI = uri
                }
                let keys = provider.signingKeySecrets.map { name in
                    let value = secrets[name] ?? ""
                    return switch settings.signingAlgorithm {
                    case .hs256: CustomTokenKey(kid: name, algorithm: .hs256, secret: value)
                    case .rs256: CustomTokenKey(kid: name, algorithm: .rs256, publicKey: value)
                    }
                }
                config.customToken = CustomTokenConfig(
                    enabled: enabled, audience: settings.audience, requireAllAudiences: !settings.requireAnyAudience && settings.audience.count > 1,
                    keys: jwkURI == nil ? keys : [], jwkURI: jwkURI,
                    metadataFields: provider.metadataFields.map {
                        CustomTokenConfig.MetadataField(name: $0.name, fieldName: $0.fieldName, required: $0.required)
                    })
            case (.customFunction, .customFunction(let function)):
                if enabled {
                    guard functions.contains(where: { $0.name == function }) else {
                        throw refuse("config.authFunctionName", "'\(function)' is not one of the app's functions (functions/config.json)")
                    }
                    config.customFunction = CustomFunctionConfig(functionName: function)
                }
            case (.google, .oauth(let settings)), (.apple, .oauth(let settings)), (.facebook, .oauth(let settings)):
                // Only Google's sign-in names a person's domain (its ID token's `hd`): a
                // restriction elsewhere is refused, never dropped, enabled or not.
                if provider.kind != .google, settings.domainRestrictions != nil {
                    throw refuse("domain_restrictions", "only oauth2-google restricts log-ins to domains")
                }
                guard enabled else { break }
                guard let clientId = settings.clientId, !clientId.isEmpty else {
                    throw refuse("config.clientId", "is missing: the app's client id at \(provider.kind.rawValue)")
                }
                let secret = provider.secretConfig["clientSecret"].flatMap { secrets[$0] }
                switch provider.kind {
                case .google: config.google = OpenIDConfig(clientIds: [clientId], clientSecret: secret, hostedDomains: settings.domainRestrictions)
                case .apple: config.apple = OpenIDConfig(clientIds: [clientId], clientSecret: secret)
                default:
                    guard let secret else {
                        throw refuse("secret_config.clientSecret", "is missing: Facebook's access tokens are checked with the app's secret")
                    }
                    config.facebook = FacebookConfig(appId: clientId, appSecret: secret)
                }
                // Browser sign-in may return to a page the provider lists; another scheme (an
                // app's own) is for the SDKs' native sign-in, which Roster does not run.
                for uri in provider.redirectURIs where !redirectURLs.contains(uri) {
                    if OutboundRequest.isHTTPURL(uri), URL(string: uri)?.fragment == nil {
                        redirectURLs.append(uri)
                    } else {
                        notServed.append("\(provider.name)'s redirect URI '\(uri.prefix(100))' is not served: browser sign-in returns to http and https pages only")
                    }
                }
                if !provider.metadataFields.isEmpty {
                    notServed.append(
                        "\(provider.name)'s metadata_fields are not used: the profile holds what the provider gives (name, email, picture)")
                }
            default:
                throw refuse("config", "settings that are not \(provider.kind.rawValue)'s")
            }
        }
        return (config, redirectURLs)
    }

    /// Each trigger of `triggers/` that calls a function, as the server runs it; one that sends
    /// its events elsewhere was named as not served when the directory was read.
    private func triggersConfig() throws(AppDirectoryError) -> [TriggerConfig] {
        var configs: [TriggerConfig] = []
        for trigger in triggers {
            guard let function = trigger.functionName else { continue }
            let exported: JSONValue = [
                "name": .string(trigger.name), "type": .string(trigger.kindName), "function_name": .string(function),
                "disabled": .bool(trigger.disabled), "config": .object(trigger.exportedConfig),
            ]
            do {
                configs.append(try JSONDecoder().decode(TriggerConfig.self, from: exported.data))
            } catch {
                throw AppDirectoryError(file: "triggers/\(trigger.name).json", reason: (error as? DecodingError).map(AppConfigError.describe) ?? "not a trigger")
            }
        }
        return configs
    }

    /// Each function of `functions/` as JavaScript the server runs, `private`, `run_as_system`
    /// and its condition on callers (`can_evaluate`) kept. A condition Roster cannot evaluate
    /// (a document field, an expansion or operator rules do not serve) is refused, naming it.
    private func functionsConfig() throws(AppDirectoryError) -> [String: FunctionConfig] {
        var configs: [String: FunctionConfig] = [:]
        for function in functions {
            let condition = FunctionCondition.admitsEveryone(function.canEvaluate) ? nil : function.canEvaluate
            if let condition, let refusal = FunctionCondition.refusal(condition) {
                throw AppDirectoryError(
                    file: "functions/config.json", key: "\(function.name).can_evaluate\(refusal.key.isEmpty ? "" : ".\(refusal.key)")",
                    reason: refusal.reason)
            }
            configs[function.name] = FunctionConfig(
                source: function.source ?? "", isPrivate: function.isPrivate, runAsSystem: function.runAsSystem, canEvaluate: condition)
            configs[function.name]?.id = function.id
        }
        return configs
    }

    /// Each collection's rules as a `DataRule` (in Roster's rule words when they say no more,
    /// else the roles themselves), and the default rule; a data source with partition-based
    /// sync on serves its sync permissions instead (`syncRole`). Refused, naming the file and
    /// key, when a role uses what Roster does not evaluate or goes past the rule budgets, when a
    /// collection has query `filters`, or when two data sources disagree about one collection.
    private func rulesConfig(dataServices: [String]) throws(AppDirectoryError) -> (rules: [DataRule], defaultRule: DefaultDataRule?) {
        var rules: [DataRule] = []
        var defaultRule: (rule: DefaultDataRule, file: String)?
        // A data source whose partition-based sync is on is governed by its sync permissions
        // alone: they are the default rule, and its own rules are kept but not served.
        var synced = Set<String>()
        for (service, sync) in syncedServices where dataServices.contains(service.name) {
            let file = "data_sources/\(service.name)/config.json"
            let made: AppRole?
            do throws(AppServiceSync.Refusal) {
                made = try Self.syncRole(sync)
            } catch {
                throw AppDirectoryError(file: file, key: error.key, reason: error.reason)
            }
            guard let role = made else { continue }
            if let earlier = defaultRule, earlier.rule.roles != [role] {
                throw AppDirectoryError(file: file, key: "sync", reason: "differs from \(earlier.file): Roster serves one default rule per app")
            }
            defaultRule = (DefaultDataRule(roles: [role]), file)
            synced.insert(service.name)
            // Custom user data in it too: else Roster's own default for that collection would stand.
            if let data = customUserData, data.enabled, data.service == service.name {
                rules.append(DataRule(database: data.database, collection: data.collection, roles: [role]))
            }
        }
        for service in self.rules where dataServices.contains(service.service) && !synced.contains(service.service) {
            let folder = "data_sources/\(service.service)"
            if let roles = service.defaultRoles, !roles.isEmpty {
                let file = "\(folder)/default_rule.json"
                try Self.checkRoles(roles, file: file)
                if let earlier = defaultRule, earlier.rule.roles != roles {
                    throw AppDirectoryError(file: file, key: "roles", reason: "differs from \(earlier.file): Roster serves one default rule per app")
                }
                defaultRule = (DefaultDataRule(roles: roles), file)
            }
            for collection in service.collections {
                let file = "\(folder)/\(collection.database)/\(collection.collection)/rules.json"
                if !collection.filters.isEmpty {
                    throw AppDirectoryError(file: file, key: "filters", reason: AppCollectionRule.filtersNotServed)
                }
                guard !collection.roles.isEmpty else { continue }
                try Self.checkRoles(collection.roles, file: file)
                let rule: DataRule
                if let words = collection.ruleWords,
                    let read = DataRule.Access(rawValue: words.read.rawValue), let write = DataRule.Access(rawValue: words.write.rawValue)
                {
                    rule = DataRule(database: collection.database, collection: collection.collection, read: read, write: write, userIdField: words.ownerField)
                } else {
                    rule = DataRule(database: collection.database, collection: collection.collection, roles: collection.roles)
                }
                if let earlier = rules.first(where: { $0.database == rule.database && $0.collection == rule.collection }) {
                    guard earlier == rule else {
                        throw AppDirectoryError(file: file, key: "roles", reason: "another data source has other rules for \(rule.database).\(rule.collection)")
                    }
                    continue
                }
                rules.append(rule)
            }
        }
        return (rules, defaultRule?.rule)
    }

    /// The role partition-based sync's permissions make (`AppServiceSync.role`), each
    /// permission checked as a role's would be and refused by its key in the service's config
    /// (`sync.partition.permissions.read…`); nil when `sync` serves no permissions.
    static func syncRole(_ sync: AppServiceSync) throws(AppServiceSync.Refusal) -> AppRole? {
        guard let (read, write) = try sync.expandedPermissions() else { return nil }
        for (key, permission) in [("read", read), ("write", write)] {
            guard let refusal = RoleCheck.refusal([AppRole(name: "sync", read: permission)]) else { continue }
            // The refusal's key runs from the role ("0.read.…"); from the permission on here.
            let within = refusal.key.split(separator: ".").dropFirst(2).joined(separator: ".")
            throw AppServiceSync.Refusal(key: "sync.partition.permissions.\(key)" + (within.isEmpty ? "" : ".\(within)"), reason: refusal.reason)
        }
        return AppServiceSync.role(read: read, write: write)
    }

    private static func checkRoles(_ roles: [AppRole], file: String) throws(AppDirectoryError) {
        if let refusal = RoleCheck.refusal(roles) {
            throw AppDirectoryError(file: file, key: "roles.\(refusal.key)", reason: refusal.reason)
        }
    }
}

extension AppCollectionRule {
    /// Why a rule with query `filters` (App Services' older rule filters, each an `apply_when`
    /// with a `query` or `projection`) refuses the app: served without them, the collection
    /// would show more than the app means.
    static let filtersNotServed =
        "query filters are not served: without them the collection would show more than the app means; write each as a role's document_filters"
}
