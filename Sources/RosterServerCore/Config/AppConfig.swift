import Foundation
import RosterResources
import RosterWire

/// One app a server serves: its id, the enabled log-in providers, where custom user data lives,
/// password hashing cost, token lifetimes and the request size limit. It is the JSON of
/// `Resources/demo/app.json`:
///
///     let config = try AppConfig.load(from: URL(fileURLWithPath: "app.json"))
///     let server = try await RosterServer.open(databasePath: "roster.sqlite", apps: [config])
public struct AppConfig: Codable, Sendable, Equatable {
    public var appId: String
    /// A name people read; defaults to the app id.
    public var name: String
    /// Access token lifetime (`exp` - `iat`), 1800 seconds by default.
    public var accessTokenLifetimeSeconds: Int
    /// Refresh token and session lifetime, 60 days by default.
    public var refreshTokenLifetimeSeconds: Int
    /// The largest request body accepted; larger ones get 413 PayloadTooLarge.
    public var maxRequestBytes: Int
    public var passwordHashing: PasswordHashingConfig
    public var providers: ProvidersConfig
    public var customUserData: CustomUserDataConfig?
    /// Where confirmation and reset messages go; `outbox/` beside the database when absent.
    public var outbox: OutboxConfig?
    /// Who may read and write which collections through data access.
    public var rules: [DataRule]
    /// The rule of collections without one (`defaultRule`), when given.
    public var defaultRule: DefaultDataRule?
    /// The largest document data access stores, as compact JSON.
    public var maxDocumentBytes: Int
    /// The most bytes of values one `aggregate` may make (`PipelineBudget`): 64 MiB by default.
    public var maxPipelineBytes: Int
    /// Functions users may call by name (`functions/call` without a service): JavaScript as App
    /// Services runs it, or commands given `{"arguments": […], "user": {"id": …}}` on stdin,
    /// answering JSON (`FunctionConfig`).
    public var functions: [String: FunctionConfig]
    /// What functions read with `context.values.get(name)`: plain values, as Extended JSON.
    public var values: [String: JSONValue]
    /// The tag `context.environment.tag` shows: "" unless set (`development`, `testing`, `qa`,
    /// `production`).
    public var environment: String
    /// What runs the app's functions on its own: authentication, database and scheduled
    /// triggers, in App Services' export shape (`TriggerConfig`).
    public var triggers: [TriggerConfig]
    /// How many times a trigger's event is tried, and how many may wait.
    public var triggerLimits: TriggerLimitsConfig
    /// The names clients call the app's data service by (`service` of `functions/call`):
    /// `mongodb-atlas` unless the configuration names others (`"dataService": "local-mongodb"`,
    /// or a list).
    public var dataServices: [String]
    /// The app's push-notification services (type `gcm`), by name, from an App Services app
    /// model: a device's registration with one is answered as not served, with any other name as
    /// App Services answers an unknown service. No key of the configuration file.
    public var pushServices: [String] = []
    /// How failed log-ins are slowed and stopped.
    public var limits: LimitsConfig
    /// How long an anonymous user is kept without a live session before the purge removes it
    /// (90 days, as App Services).
    public var anonymousUserRetentionDays: Int
    /// How long the audit trail keeps an entry (90 days by default).
    public var auditRetentionDays: Int
    /// Whether refreshes hand out new refresh tokens (off by default).
    public var refreshTokenRotation: RefreshRotationConfig
    /// Device log-in: code lifetime, poll interval and its limits.
    public var deviceLogin: DeviceLoginConfig
    /// Browser sign-in with Google, Apple and Facebook: allowed redirect URLs and the like.
    public var webSignIn: WebSignInConfig
    /// The origins (`https://shop.example`) browser pages may call the app from; nil: any
    /// origin, as in App Services. Requests without `Origin` are always served (`RequestOrigins`).
    public var allowedRequestOrigins: [String]?

    public init(
        appId: String, name: String? = nil, accessTokenLifetimeSeconds: Int = 1800,
        refreshTokenLifetimeSeconds: Int = 60 * 24 * 3600, maxRequestBytes: Int = 65536,
        passwordHashing: PasswordHashingConfig = .owasp, providers: ProvidersConfig = ProvidersConfig(),
        customUserData: CustomUserDataConfig? = nil, outbox: OutboxConfig? = nil, rules: [DataRule] = [],
        maxDocumentBytes: Int = 16384, maxPipelineBytes: Int = AppConfig.defaultMaxPipelineBytes, functions: [String: FunctionConfig] = [:],
        dataServices: [String] = [AppConfig.defaultDataService], limits: LimitsConfig = LimitsConfig(),
        anonymousUserRetentionDays: Int = 90, auditRetentionDays: Int = 90,
        refreshTokenRotation: RefreshRotationConfig = RefreshRotationConfig(), deviceLogin: DeviceLoginConfig = DeviceLoginConfig(),
        webSignIn: WebSignInConfig = WebSignInConfig(), allowedRequestOrigins: [String]? = nil
    ) {
        self.allowedRequestOrigins = allowedRequestOrigins
        self.deviceLogin = deviceLogin
        self.webSignIn = webSignIn
        self.refreshTokenRotation = refreshTokenRotation
        self.auditRetentionDays = auditRetentionDays
        self.anonymousUserRetentionDays = anonymousUserRetentionDays
        self.limits = limits
        self.appId = appId
        self.name = name ?? appId
        self.accessTokenLifetimeSeconds = accessTokenLifetimeSeconds
        self.refreshTokenLifetimeSeconds = refreshTokenLifetimeSeconds
        self.maxRequestBytes = maxRequestBytes
        self.passwordHashing = passwordHashing
        self.providers = providers
        self.customUserData = customUserData
        self.outbox = outbox
        self.rules = rules
        self.maxDocumentBytes = maxDocumentBytes
        self.maxPipelineBytes = maxPipelineBytes
        self.functions = functions
        self.dataServices = dataServices
        values = [:]
        environment = ""
        triggers = []
        triggerLimits = TriggerLimitsConfig()
    }

    public static let defaultDataService = "mongodb-atlas"
    public static let defaultMaxPipelineBytes = 64 << 20

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case appId, name, accessTokenLifetimeSeconds, refreshTokenLifetimeSeconds, maxRequestBytes, passwordHashing
        case providers, customUserData, outbox, rules, defaultRule, maxDocumentBytes, maxPipelineBytes, functions
        case dataServices = "dataService"
        case limits, anonymousUserRetentionDays, auditRetentionDays, refreshTokenRotation
        case deviceLogin, webSignIn, allowedRequestOrigins, values, environment
        case triggers, triggerLimits
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        appId = try container.decode(String.self, forKey: .appId)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? appId
        accessTokenLifetimeSeconds = try container.decodeIfPresent(Int.self, forKey: .accessTokenLifetimeSeconds) ?? 1800
        refreshTokenLifetimeSeconds =
            try container.decodeIfPresent(Int.self, forKey: .refreshTokenLifetimeSeconds) ?? 60 * 24 * 3600
        maxRequestBytes = try container.decodeIfPresent(Int.self, forKey: .maxRequestBytes) ?? 65536
        passwordHashing = try container.decodeIfPresent(PasswordHashingConfig.self, forKey: .passwordHashing) ?? .owasp
        providers = try container.decodeIfPresent(ProvidersConfig.self, forKey: .providers) ?? ProvidersConfig()
        customUserData = try container.decodeIfPresent(CustomUserDataConfig.self, forKey: .customUserData)
        outbox = try container.decodeIfPresent(OutboxConfig.self, forKey: .outbox)
        rules = try container.decodeIfPresent([DataRule].self, forKey: .rules) ?? []
        defaultRule = try container.decodeIfPresent(DefaultDataRule.self, forKey: .defaultRule)
        maxDocumentBytes = try container.decodeIfPresent(Int.self, forKey: .maxDocumentBytes) ?? 16384
        maxPipelineBytes = try container.decodeIfPresent(Int.self, forKey: .maxPipelineBytes) ?? Self.defaultMaxPipelineBytes
        functions = try container.decodeIfPresent([String: FunctionConfig].self, forKey: .functions) ?? [:]
        values = try container.decodeIfPresent([String: JSONValue].self, forKey: .values) ?? [:]
        environment = try container.decodeIfPresent(String.self, forKey: .environment) ?? ""
        triggers = try container.decodeIfPresent([TriggerConfig].self, forKey: .triggers) ?? []
        triggerLimits = try container.decodeIfPresent(TriggerLimitsConfig.self, forKey: .triggerLimits) ?? TriggerLimitsConfig()
        limits = try container.decodeIfPresent(LimitsConfig.self, forKey: .limits) ?? LimitsConfig()
        anonymousUserRetentionDays = try container.decodeIfPresent(Int.self, forKey: .anonymousUserRetentionDays) ?? 90
        auditRetentionDays = try container.decodeIfPresent(Int.self, forKey: .auditRetentionDays) ?? 90
        refreshTokenRotation =
            try container.decodeIfPresent(RefreshRotationConfig.self, forKey: .refreshTokenRotation) ?? RefreshRotationConfig()
        deviceLogin = try container.decodeIfPresent(DeviceLoginConfig.self, forKey: .deviceLogin) ?? DeviceLoginConfig()
        webSignIn = try container.decodeIfPresent(WebSignInConfig.self, forKey: .webSignIn) ?? WebSignInConfig()
        allowedRequestOrigins = try container.decodeIfPresent([String].self, forKey: .allowedRequestOrigins)
        if let one = try? container.decodeIfPresent(String.self, forKey: .dataServices) {
            dataServices = [one]
        } else {
            dataServices = try container.decodeIfPresent([String].self, forKey: .dataServices) ?? [Self.defaultDataService]
        }
    }

    /// Reads and checks an app configuration file, of at most `BoundedFile.configBytes`. The
    /// error names the file and what is wrong.
    public static func load(from url: URL) throws -> AppConfig {
        let data: Data
        do {
            data = try BoundedFile.read(url.path, atMost: BoundedFile.configBytes)
        } catch {
            throw AppConfigError.unreadable(path: url.path, reason: error.words)
        }
        return try parse(data, source: url.path).readingFunctionSources(beside: url)
    }

    /// The demo app (`roster-demo`) shipped in Resources.
    public static func demo() throws -> AppConfig {
        try parse(try RosterResources.demoAppConfiguration(), source: "demo/app.json")
    }

    /// Decodes and checks configuration JSON; `source` names it in errors.
    public static func parse(_ data: Data, source: String) throws -> AppConfig {
        let config: AppConfig
        do {
            config = try JSONDecoder().decode(AppConfig.self, from: data)
        } catch let error as DecodingError {
            throw AppConfigError.invalid(path: source, reason: AppConfigError.describe(error, in: data))
        } catch {
            throw AppConfigError.invalid(path: source, reason: "not valid JSON")
        }
        try config.validate(source: source)
        return config
    }

    /// Checks what decoding cannot: ranges, key lengths, the custom-token keys.
    public func validate(source: String = "app configuration") throws {
        func fail(_ reason: String) -> AppConfigError { .invalid(path: source, reason: reason) }
        guard !appId.isEmpty, appId.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { throw fail("appId must be non-empty letters, digits, '-' or '_'") }
        guard accessTokenLifetimeSeconds > 0, refreshTokenLifetimeSeconds > 0 else {
            throw fail("token lifetimes must be positive")
        }
        guard maxRequestBytes >= 256 else { throw fail("maxRequestBytes must be at least 256") }
        try passwordHashing.validate(source: source)
        try limits.validate(source: source)
        try refreshTokenRotation.validate(source: source)
        try deviceLogin.validate(source: source)
        try webSignIn.validate(source: source)
        do { _ = try RequestOrigins(allowedRequestOrigins) } catch { throw fail(error.description) }
        guard (1...3650).contains(anonymousUserRetentionDays) else { throw fail("anonymousUserRetentionDays must be between 1 and 3650") }
        guard (1...3650).contains(auditRetentionDays) else { throw fail("auditRetentionDays must be between 1 and 3650") }
        try providers.emailPassword?.validate(functions: functions, source: source)
        try outbox?.validate(source: source)
        try providers.customFunction?.validate(functions: functions, source: source)
        try providers.google?.validate("oauth2-google", source: source)
        try providers.apple?.validate("oauth2-apple", source: source)
        try providers.facebook?.validate(source: source)
        try providers.customToken?.validate(source: source)
        for rule in rules { try rule.validate(source: source) }
        try defaultRule?.validate(source: source)
        guard maxDocumentBytes >= 256 else { throw fail("maxDocumentBytes must be at least 256") }
        guard (65536...(1 << 34)).contains(maxPipelineBytes) else { throw fail("maxPipelineBytes must be from 65536 to 17179869184") }
        guard !dataServices.isEmpty, dataServices.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 64 }) else {
            throw fail("dataService must name the data service (1 to 64 bytes), or list names")
        }
        for (name, function) in functions {
            guard !name.isEmpty, name.utf8.count <= 64 else { throw fail("a function needs a name of 1 to 64 bytes") }
            try function.validate("function '\(name)'", source: source, sourceBytes: limits.functionSourceBytes)
        }
        try triggerLimits.validate(source: source)
        for (index, trigger) in triggers.enumerated() {
            guard !triggers[..<index].contains(where: { $0.name == trigger.name }) else { throw fail("trigger '\(trigger.name.prefix(64))' is listed twice") }
            try trigger.validate(functions: functions, dataServices: dataServices, source: source)
        }
        if let data = customUserData, data.enabled {
            guard !data.database.isEmpty, !data.collection.isEmpty, !data.userIdField.isEmpty else {
                throw fail("customUserData needs database, collection and userIdField")
            }
            if let name = data.onUserCreationFunctionName, functions[name]?.isJavaScript != true {
                throw fail("customUserData.onUserCreationFunctionName '\(name.prefix(64))' is not one of the app's JavaScript functions")
            }
        }
    }

    /// Whether the configuration holds secrets (client and app secrets, custom-token signing
    /// keys), so its file must be readable by its owner only.
    public var holdsSecrets: Bool {
        providers.google?.clientSecret != nil || providers.apple?.clientSecret != nil || providers.facebook != nil
            || (providers.customToken?.keys.contains { $0.secret != nil || $0.privateKey != nil } ?? false)
    }

    /// Whether log-in through `provider` is enabled for this app.
    public func isEnabled(_ provider: ProviderType) -> Bool {
        providers.isEnabled(provider)
    }
}
