import RosterAppModel
import RosterServerCore
import RosterWire

/// An app configuration (`--config`) as an app model, for writing out as App Services exports
/// an app: what an export can say is carried over, its secrets replaced by names, and what it
/// cannot say (Roster's own settings, command functions) named one line each.
public struct ExportableApp: Sendable, Equatable {
    public var model: AppModel
    /// What of the configuration the export does not hold, one line each.
    public var notExported: [String]
}

extension AppConfig {
    /// The app model of this configuration. A secret it holds (a custom-token signing key, an
    /// OAuth client secret) becomes a secret's name in the model, never its value.
    public var exportableApp: ExportableApp {
        var notExported: [String] = []
        var model = AppModel(name: name, appId: appId, allowedRequestOrigins: allowedRequestOrigins)
        if !environment.isEmpty { model.environment = environment }
        model.values = values.keys.sorted().map { AppValue(name: $0, content: .plain(values[$0] ?? .null)) }
        model.services = dataServices.map { AppService(name: $0, type: AppConfig.defaultDataService) }
        model.providers = exportedProviders(notExported: &notExported)
        if let data = customUserData {
            model.customUserData = AppCustomUserData(
                enabled: data.enabled, service: dataServices.first ?? AppConfig.defaultDataService, database: data.database,
                collection: data.collection, userIdField: data.userIdField, onUserCreationFunctionName: data.onUserCreationFunctionName)
        }
        if let service = dataServices.first, !rules.isEmpty {
            model.rules = [
                AppServiceRules(
                    service: service,
                    collections: rules.map { rule in
                        if let roles = rule.explicitRoles {
                            return AppCollectionRule(database: rule.database, collection: rule.collection, roles: roles)
                        }
                        return AppCollectionRule(
                            database: rule.database, collection: rule.collection,
                            words: AppRuleWords(
                                read: AppAccess(rawValue: rule.read.rawValue) ?? .none, write: AppAccess(rawValue: rule.write.rawValue) ?? .none,
                                ownerField: rule.userIdField))
                    })
            ]
        }
        for name in functions.keys.sorted() {
            guard let function = functions[name] else { continue }
            guard let source = function.source else {
                notExported.append("The function '\(name)' runs a command, which an App Services export cannot hold: it is not written")
                continue
            }
            model.functions.append(AppFunction(
                    name: name, source: source, isPrivate: function.isPrivate, runAsSystem: function.runAsSystem, canEvaluate: function.canEvaluate,
                    id: function.id))
        }
        notExported.append(
            "Roster's own settings (token lifetimes, limits, password hashing, outbox, device log-in, web sign-in) are not part of an App Services export: they are not written")
        return ExportableApp(model: model, notExported: notExported)
    }

    private func exportedProviders(notExported: inout [String]) -> [AppProvider] {
        var list: [AppProvider] = []
        if let anonymous = providers.anonymous { list.append(AppProvider(kind: .anonymous, disabled: !anonymous.enabled)) }
        if let apiKey = providers.apiKey { list.append(AppProvider(kind: .apiKey, disabled: !apiKey.enabled)) }
        if let email = providers.emailPassword {
            if email.confirmation == .function || email.resetFunction != nil {
                notExported.append("local-userpass's confirmation and reset commands cannot be exported: confirmation by email is written instead")
            }
            list.append(
                AppProvider(
                    kind: .emailPassword, disabled: !email.enabled,
                    settings: .emailPassword(
                        AppEmailPasswordSettings(
                            autoConfirm: email.confirmation == .auto, emailConfirmationUrl: email.emailConfirmationUrl,
                            resetPasswordUrl: email.resetPasswordUrl, confirmEmailSubject: email.confirmEmailSubject,
                            resetPasswordSubject: email.resetPasswordSubject))))
        }
        if let token = providers.customToken {
            var secrets: [String: String] = [:]
            if token.jwkURI == nil {
                for (index, key) in token.keys.enumerated() { secrets["signingKeys.\(index)"] = key.kid ?? "customTokenSigningKey\(index)" }
            }
            let algorithm: AppCustomTokenSettings.SigningAlgorithm =
                token.jwkURI != nil || token.keys.first?.algorithm == .rs256 ? .rs256 : .hs256
            list.append(
                AppProvider(
                    kind: .customToken, disabled: !token.enabled,
                    settings: .customToken(
                        AppCustomTokenSettings(
                            signingAlgorithm: algorithm, audience: token.audience, requireAnyAudience: !token.requireAllAudiences,
                            useJWKURI: token.jwkURI != nil, jwkURI: token.jwkURI)),
                    secretConfig: secrets,
                    metadataFields: token.metadataFields.map { AppMetadataField(name: $0.name, fieldName: $0.fieldName, required: $0.required) }))
        }
        if let function = providers.customFunction {
            if let name = function.functionName {
                list.append(AppProvider(kind: .customFunction, disabled: !function.enabled, settings: .customFunction(authFunctionName: name)))
            } else {
                notExported.append("custom-function runs a command, which an App Services export cannot hold: it is not written")
            }
        }
        for (kind, config) in [(ProviderType.google, providers.google), (.apple, providers.apple)] {
            guard let config else { continue }
            list.append(
                AppProvider(
                    kind: kind, disabled: !config.enabled,
                    settings: .oauth(
                        AppOAuthSettings(clientId: config.clientIds.first, openId: kind == .google, domainRestrictions: config.hostedDomains ?? [])),
                    secretConfig: config.clientSecret == nil ? [:] : ["clientSecret": "\(kind.rawValue)-clientSecret"],
                    redirectURIs: webSignIn.allowedRedirectURLs))
        }
        if let facebook = providers.facebook {
            list.append(
                AppProvider(
                    kind: .facebook, disabled: !facebook.enabled, settings: .oauth(AppOAuthSettings(clientId: facebook.appId)),
                    secretConfig: ["clientSecret": "oauth2-facebook-clientSecret"], redirectURIs: webSignIn.allowedRedirectURLs))
        }
        return list
    }
}
