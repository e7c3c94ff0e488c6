import RosterAppModel
import RosterWire

/// An authentication provider as the Admin API reads and writes it (`auth_providers`):
/// `{"_id", "name", "type", "disabled", "config", "secret_config", "metadata_fields",
/// "redirect_uris"}`, `config` under App Services' keys for the type (`autoConfirm`,
/// `confirmationFunctionName`/`Id`, `authFunctionName`/`Id`, `signingAlgorithm`, `audience`,
/// `clientId`, …) and `secret_config` naming secrets (`signingKeys`, `clientSecret`).
///
///     POST auth_providers {"type": "custom-function", "config": {"authFunctionName": "authFunc"}}
public struct AdminAuthProvider: Codable, Sendable, Equatable {
    public var id: String?
    public var name: String?
    public var type: String
    public var disabled: Bool?
    public var config: JSONValue?
    public var secretConfig: JSONValue?
    public var metadataFields: [AdminMetadataField]?
    public var redirectURIs: [String]?
    /// Google's: the domains whose people alone may log in.
    public var domainRestrictions: [String]?

    enum CodingKeys: String, CodingKey {
        case id = "_id", name, type, disabled, config, secretConfig = "secret_config", metadataFields = "metadata_fields"
        case redirectURIs = "redirect_uris", domainRestrictions = "domain_restrictions"
    }

    public init(
        id: String? = nil, name: String? = nil, type: String, disabled: Bool? = nil, config: JSONValue? = nil, secretConfig: JSONValue? = nil,
        metadataFields: [AdminMetadataField]? = nil, redirectURIs: [String]? = nil, domainRestrictions: [String]? = nil
    ) {
        self.domainRestrictions = domainRestrictions
        self.id = id
        self.name = name
        self.type = type
        self.disabled = disabled
        self.config = config
        self.secretConfig = secretConfig
        self.metadataFields = metadataFields
        self.redirectURIs = redirectURIs
    }

    /// The provider as the API shows it, its functions named by name and by id.
    public init(_ provider: AppProvider, in app: AppModel) {
        var config = JSONObject()
        var secrets = JSONObject()
        var domains: [String]?
        func put(_ key: String, _ value: JSONValue?) { if let value { config[key] = value } }
        switch provider.settings {
        case .none: break
        case .emailPassword(let settings):
            put("autoConfirm", .bool(settings.autoConfirm))
            put("runConfirmationFunction", .bool(settings.runConfirmationFunction))
            put("confirmationFunctionName", settings.confirmationFunctionName.map(JSONValue.string))
            put("confirmationFunctionId", settings.confirmationFunctionName.flatMap { AdminFunction.id(ofName: $0, in: app) }.map(JSONValue.string))
            put("runResetFunction", .bool(settings.runResetFunction))
            put("resetFunctionName", settings.resetFunctionName.map(JSONValue.string))
            put("resetFunctionId", settings.resetFunctionName.flatMap { AdminFunction.id(ofName: $0, in: app) }.map(JSONValue.string))
            put("emailConfirmationUrl", settings.emailConfirmationUrl.map(JSONValue.string))
            put("resetPasswordUrl", settings.resetPasswordUrl.map(JSONValue.string))
            put("confirmEmailSubject", settings.confirmEmailSubject.map(JSONValue.string))
            put("resetPasswordSubject", settings.resetPasswordSubject.map(JSONValue.string))
        case .customToken(let settings):
            put("signingAlgorithm", .string(settings.signingAlgorithm.rawValue))
            put("audience", .array(settings.audience.map(JSONValue.string)))
            put("requireAnyAudience", .bool(settings.requireAnyAudience))
            put("useJWKURI", .bool(settings.useJWKURI))
            put("jwkURI", settings.jwkURI.map(JSONValue.string))
            secrets["signingKeys"] = .array(provider.signingKeySecrets.map(JSONValue.string))
        case .customFunction(let name):
            put("authFunctionName", .string(name))
            put("authFunctionId", AdminFunction.id(ofName: name, in: app).map(JSONValue.string))
        case .oauth(let settings):
            domains = settings.domainRestrictions
            put("clientId", settings.clientId.map(JSONValue.string))
            if provider.kind == .google { put("openId", .bool(settings.openId)) }
            if let secret = provider.secretConfig["clientSecret"] { secrets["clientSecret"] = .string(secret) }
        }
        self.init(
            id: AdminObjectID.resolve(provider.id, kind: "auth_provider", name: provider.name), name: provider.name,
            type: provider.kind.rawValue, disabled: provider.disabled, config: .object(config), secretConfig: .object(secrets),
            metadataFields: provider.metadataFields.map(AdminMetadataField.init), redirectURIs: provider.redirectURIs,
            domainRestrictions: domains)
    }

    /// What a list shows of each: `{"_id", "name", "type", "disabled"}`.
    public var summary: AdminAuthProvider {
        AdminAuthProvider(id: id, name: name, type: type, disabled: disabled)
    }

    /// The app model's provider, checked against the app: a type Roster serves, settings of
    /// the right kinds, and the functions it names present (by name, or by id when only the
    /// id is given).
    public func appProvider(id: String, in app: AppModel) throws(AdminResourceError) -> AppProvider {
        guard let kind = ProviderType(rawValue: type) else {
            throw .invalid("type", "'\(AdminObjectID.printable(type))' is not a provider type (\(ProviderType.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let name = self.name ?? kind.rawValue
        guard !name.isEmpty else { throw .missing("name") }
        let config = try AdminSettingsObject(config, field: "config")
        let secrets = try AdminSettingsObject(secretConfig, field: "secret_config")
        var secretConfig: [String: String] = [:]
        let settings: AppProviderSettings
        switch kind {
        case .anonymous, .apiKey:
            settings = .none
        case .emailPassword:
            func function(_ nameKey: String, _ idKey: String) throws(AdminResourceError) -> String? {
                try config.functionName(nameKey, idKey, in: app)
            }
            let confirmation = try function("confirmationFunctionName", "confirmationFunctionId")
            let reset = try function("resetFunctionName", "resetFunctionId")
            let runConfirmation = try config.bool("runConfirmationFunction") ?? false
            let runReset = try config.bool("runResetFunction") ?? false
            if runConfirmation, confirmation == nil { throw .missing("config.confirmationFunctionName") }
            if runReset, reset == nil { throw .missing("config.resetFunctionName") }
            settings = .emailPassword(
                AppEmailPasswordSettings(
                    autoConfirm: try config.bool("autoConfirm") ?? false, runConfirmationFunction: runConfirmation,
                    confirmationFunctionName: confirmation, runResetFunction: runReset, resetFunctionName: reset,
                    emailConfirmationUrl: try config.string("emailConfirmationUrl"), resetPasswordUrl: try config.string("resetPasswordUrl"),
                    confirmEmailSubject: try config.string("confirmEmailSubject"), resetPasswordSubject: try config.string("resetPasswordSubject")))
        case .customToken:
            let algorithmName = try config.string("signingAlgorithm") ?? "HS256"
            guard let algorithm = AppCustomTokenSettings.SigningAlgorithm(rawValue: algorithmName) else {
                throw .invalid("config.signingAlgorithm", "must be HS256 or RS256")
            }
            let useJWKURI = try config.bool("useJWKURI") ?? false
            let keys = try secrets.strings("signingKeys") ?? []
            for key in keys { try ResourceName.check(key, field: "secret_config.signingKeys") }
            if !useJWKURI, keys.isEmpty { throw .missing("secret_config.signingKeys") }
            for (index, key) in keys.enumerated() { secretConfig["signingKeys.\(index)"] = key }
            settings = .customToken(
                AppCustomTokenSettings(
                    signingAlgorithm: algorithm, audience: try config.strings("audience") ?? [],
                    requireAnyAudience: try config.bool("requireAnyAudience") ?? false, useJWKURI: useJWKURI,
                    jwkURI: try config.string("jwkURI")))
        case .customFunction:
            guard let function = try config.functionName("authFunctionName", "authFunctionId", in: app) else {
                throw .missing("config.authFunctionName")
            }
            settings = .customFunction(authFunctionName: function)
        case .google, .apple, .facebook:
            if let secret = try secrets.string("clientSecret") {
                try ResourceName.check(secret, field: "secret_config.clientSecret")
                secretConfig["clientSecret"] = secret
            }
            // Checked where the model is served (`servableApp`), as an app directory's are.
            settings = .oauth(
                AppOAuthSettings(
                    clientId: try config.string("clientId"), openId: try config.bool("openId") ?? false, domainRestrictions: domainRestrictions ?? []))
        }
        var metadata: [AppMetadataField] = []
        for (index, field) in (metadataFields ?? []).enumerated() {
            guard !field.name.isEmpty else { throw .missing("metadata_fields.\(index).name") }
            metadata.append(AppMetadataField(name: field.name, fieldName: field.fieldName, required: field.required ?? false))
        }
        return AppProvider(
            name: name, kind: kind, disabled: disabled ?? false, settings: settings, secretConfig: secretConfig, metadataFields: metadata,
            redirectURIs: redirectURIs ?? [], id: id)
    }

    /// Adds the provider as `id`: one of a type the app has already, or of a name another
    /// provider has, is refused.
    public func create(id: String) -> AppEdit {
        let body = self
        return { app in
            let provider = try body.appProvider(id: id, in: app)
            if app.provider(provider.kind) != nil {
                throw AdminResourceError.duplicate("AuthProviderAlreadyExists", "an auth provider of type '\(provider.kind.rawValue)' already exists")
            }
            if app.providers.contains(where: { $0.name == provider.name }) {
                throw AdminResourceError.duplicate("AuthProviderDuplicateName", "an auth provider named '\(provider.name)' already exists")
            }
            app.providers.append(provider)
        }
    }

    /// Replaces the provider `id` with this one (PATCH, as the deployment tools send the whole
    /// provider); its type cannot change.
    public func update(id: String) -> AppEdit {
        let body = self
        return { app in
            let index = try AdminAuthProvider.index(of: id, in: app)
            let current = app.providers[index]
            var patched = body
            if patched.name == nil { patched.name = current.name }
            let provider = try patched.appProvider(id: current.id ?? id, in: app)
            guard provider.kind == current.kind else { throw AdminResourceError.invalid("type", "cannot change from '\(current.kind.rawValue)'") }
            if provider.name != current.name, app.providers.contains(where: { $0.name == provider.name }) {
                throw AdminResourceError.duplicate("AuthProviderDuplicateName", "an auth provider named '\(provider.name)' already exists")
            }
            app.providers[index] = provider
        }
    }

    /// Turns the provider `id` on or off (`enable`, `disable`).
    public static func setDisabled(_ disabled: Bool, id: String) -> AppEdit {
        { app in app.providers[try index(of: id, in: app)].disabled = disabled }
    }

    public static func delete(id: String) -> AppEdit {
        { app in app.providers.remove(at: try index(of: id, in: app)) }
    }

    public static func find(id: String, in app: AppModel) throws(AdminResourceError) -> AdminAuthProvider {
        AdminAuthProvider(app.providers[try index(of: id, in: app)], in: app)
    }

    static func index(of id: String, in app: AppModel) throws(AdminResourceError) -> Int {
        guard let index = app.providers.firstIndex(where: { AdminObjectID.resolve($0.id, kind: "auth_provider", name: $0.name) == id }) else {
            throw .notFound("AuthProviderNotFound", "auth provider", id: id)
        }
        return index
    }
}

/// A claim or profile field a provider copies into the user's profile:
/// `{"name", "field_name", "required"}`.
public struct AdminMetadataField: Codable, Sendable, Equatable {
    public var name: String
    public var fieldName: String?
    public var required: Bool?

    enum CodingKeys: String, CodingKey { case name, fieldName = "field_name", required }

    public init(name: String, fieldName: String? = nil, required: Bool? = nil) {
        self.name = name
        self.fieldName = fieldName
        self.required = required
    }

    init(_ field: AppMetadataField) {
        self.init(name: field.name, fieldName: field.fieldName, required: field.required)
    }
}
