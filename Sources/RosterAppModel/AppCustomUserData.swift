/// Where an app's custom user data lives (`auth/custom_user_data.json`): the document of
/// `service`'s `database.collection` whose `userIdField` holds a user's id, and the function
/// run when a user is made.
public struct AppCustomUserData: Codable, Sendable, Equatable {
    public var enabled: Bool
    public var service: String
    public var database: String
    public var collection: String
    public var userIdField: String
    public var onUserCreationFunctionName: String?

    public init(
        enabled: Bool = true, service: String, database: String, collection: String, userIdField: String,
        onUserCreationFunctionName: String? = nil
    ) {
        self.enabled = enabled
        self.service = service
        self.database = database
        self.collection = collection
        self.userIdField = userIdField
        self.onUserCreationFunctionName = onUserCreationFunctionName
    }
}
