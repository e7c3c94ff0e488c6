import RosterWire

/// One App Services app as Roster holds it: what an exported app directory, the configuration
/// file and the Admin API say about an app, in one set of value types. Pure: it reads no file
/// and no clock. A secret's value is never held here, only its name: the values themselves are
/// kept apart, so whatever writes a model out writes no secret.
///
///     var app = AppModel(name: "kiosk", appId: "kiosk-abcde")
///     app.providers = [AppProvider(kind: .anonymous)]
public struct AppModel: Codable, Sendable, Equatable {
    /// The name people read.
    public var name: String
    /// The id clients name the app by (`/api/client/v2.0/app/<appId>/…`).
    public var appId: String
    /// The environment the app runs as (`development`, `production`, …), when one is chosen.
    public var environment: String?
    /// The environment's own values (`environments/<environment>.json`), read through
    /// `%%environment.values.<name>`.
    public var environmentValues: JSONObject
    /// The origins browser pages may call the app from; nil: any origin.
    public var allowedRequestOrigins: [String]?
    public var providers: [AppProvider]
    public var customUserData: AppCustomUserData?
    public var services: [AppService]
    /// The rules of each data source, by the service's name.
    public var rules: [AppServiceRules]
    public var functions: [AppFunction]
    public var triggers: [AppTrigger]
    public var values: [AppValue]
    /// The secrets made through the Admin API, by name and id (their values are kept apart).
    public var secrets: [AppSecret] = []
    /// The collections' schemas the Admin API stores (`schemas`), as written.
    public var schemas: [AppSchema] = []
    /// Device Sync's development mode (`sync/config`), kept as set: Roster serves no Device Sync.
    public var developmentModeEnabled = false

    public init(
        name: String, appId: String, environment: String? = nil, environmentValues: JSONObject = [:],
        allowedRequestOrigins: [String]? = nil, providers: [AppProvider] = [], customUserData: AppCustomUserData? = nil,
        services: [AppService] = [], rules: [AppServiceRules] = [], functions: [AppFunction] = [], triggers: [AppTrigger] = [],
        values: [AppValue] = []
    ) {
        self.name = name
        self.appId = appId
        self.environment = environment
        self.environmentValues = environmentValues
        self.allowedRequestOrigins = allowedRequestOrigins
        self.providers = providers
        self.customUserData = customUserData
        self.services = services
        self.rules = rules
        self.functions = functions
        self.triggers = triggers
        self.values = values
    }

    /// Every secret the app names (values linked to a secret, providers' and services' secret
    /// configuration), each once, sorted.
    public var secretNames: [String] {
        var names = Set<String>()
        names.formUnion(secrets.map(\.name))
        for value in values { if case .secret(let name) = value.content { names.insert(name) } }
        for provider in providers { names.formUnion(provider.secretConfig.values) }
        for service in services { names.formUnion(service.secretConfig.values) }
        return names.sorted()
    }

    /// The provider of `kind`, when the app has one.
    public func provider(_ kind: ProviderType) -> AppProvider? {
        providers.first { $0.kind == kind }
    }

    /// The function called `name`, when the app has one.
    public func function(named name: String) -> AppFunction? {
        functions.first { $0.name == name }
    }
}
