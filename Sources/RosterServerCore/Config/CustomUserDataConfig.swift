import RosterWire

/// Where an app's custom user data documents live: the document whose `userIdField` equals a
/// user's id is that user's custom data.
public struct CustomUserDataConfig: Codable, Sendable, Equatable {
    public var enabled: Bool
    public var database: String
    public var collection: String
    public var userIdField: String

    public init(enabled: Bool = true, database: String, collection: String, userIdField: String) {
        self.enabled = enabled
        self.database = database
        self.collection = collection
        self.userIdField = userIdField
    }

    package enum CodingKeys: String, CodingKey, CaseIterable { case enabled, database, collection, userIdField }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        database = try container.decode(String.self, forKey: .database)
        collection = try container.decode(String.self, forKey: .collection)
        userIdField = try container.decode(String.self, forKey: .userIdField)
    }
}

extension CustomUserDataLocation {
    package init(_ config: CustomUserDataConfig?) {
        guard let config, config.enabled else {
            self.init(enabled: false)
            return
        }
        self.init(enabled: true, database: config.database, collection: config.collection, userIdField: config.userIdField)
    }
}
