import RosterWire

/// Where an app's custom user data documents live: the document whose `userIdField` equals a
/// user's id is that user's custom data. `onUserCreationFunctionName` names one of the app's
/// JavaScript `functions`, run as App Services runs a user creation function: once for each
/// new user, as the system user, with the user (`id`, `type`, `data`, `identities`) as its
/// argument, before the user's first access token is made, so the data it writes is in it.
///
///     "customUserData": { "database": "app", "collection": "users", "userIdField": "user_id", "onUserCreationFunctionName": "onUserCreation" }
public struct CustomUserDataConfig: Codable, Sendable, Equatable {
    public var enabled: Bool
    public var database: String
    public var collection: String
    public var userIdField: String
    public var onUserCreationFunctionName: String?

    public init(enabled: Bool = true, database: String, collection: String, userIdField: String, onUserCreationFunctionName: String? = nil) {
        self.enabled = enabled
        self.database = database
        self.collection = collection
        self.userIdField = userIdField
        self.onUserCreationFunctionName = onUserCreationFunctionName
    }

    package enum CodingKeys: String, CodingKey, CaseIterable { case enabled, database, collection, userIdField, onUserCreationFunctionName }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        database = try container.decode(String.self, forKey: .database)
        collection = try container.decode(String.self, forKey: .collection)
        userIdField = try container.decode(String.self, forKey: .userIdField)
        onUserCreationFunctionName = try container.decodeIfPresent(String.self, forKey: .onUserCreationFunctionName)
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
