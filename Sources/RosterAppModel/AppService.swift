import RosterWire

/// A service of the app (`data_sources/<name>/config.json`, or a third-party service): its
/// name, as functions and clients call it, its type (`mongodb-atlas`, `mongodb`, …), its
/// configuration as written, and the secrets its `secret_config` names.
public struct AppService: Codable, Sendable, Equatable {
    /// The id the Admin API names it by (24 hex digits), when it was given one.
    public var id: String?
    public var name: String
    public var type: String
    public var config: JSONValue
    public var secretConfig: [String: String]

    public init(name: String, type: String, config: JSONValue = .emptyObject, secretConfig: [String: String] = [:], id: String? = nil) {
        self.id = id
        self.name = name
        self.type = type
        self.config = config
        self.secretConfig = secretConfig
    }

    /// The service types that are a MongoDB data source: Atlas, a self-hosted cluster, and
    /// Atlas Data Federation.
    public static let dataSourceTypes: Set<String> = ["mongodb-atlas", "mongodb", "datalake"]

    /// The type of App Services' push-notification service (Firebase Cloud Messaging).
    public static let pushType = "gcm"

    /// Whether clients reach documents through this service.
    public var isDataSource: Bool { Self.dataSourceTypes.contains(type) }
}
