import RosterAppModel

/// Where an app keeps custom user data, as the Admin API reads and writes it
/// (`custom_user_data`): `{"mongo_service_id", "enabled", "database_name", "collection_name",
/// "user_id_field", "on_user_creation_function_id"}`. A PATCH sets the keys it gives.
///
///     PATCH custom_user_data {"mongo_service_id": "…", "enabled": true, "database_name": "app",
///                             "collection_name": "UserData", "user_id_field": "user_id"}
public struct AdminCustomUserData: Codable, Sendable, Equatable {
    public var mongoServiceId: String?
    public var enabled: Bool?
    public var databaseName: String?
    public var collectionName: String?
    public var userIdField: String?
    public var onUserCreationFunctionId: String?

    enum CodingKeys: String, CodingKey {
        case mongoServiceId = "mongo_service_id", enabled, databaseName = "database_name", collectionName = "collection_name"
        case userIdField = "user_id_field", onUserCreationFunctionId = "on_user_creation_function_id"
    }

    public init(
        mongoServiceId: String? = nil, enabled: Bool? = nil, databaseName: String? = nil, collectionName: String? = nil,
        userIdField: String? = nil, onUserCreationFunctionId: String? = nil
    ) {
        self.mongoServiceId = mongoServiceId
        self.enabled = enabled
        self.databaseName = databaseName
        self.collectionName = collectionName
        self.userIdField = userIdField
        self.onUserCreationFunctionId = onUserCreationFunctionId
    }

    /// The app's setting as the API shows it; `{"enabled": false}` when it has none.
    public init(_ app: AppModel) {
        guard let data = app.customUserData else {
            self.init(enabled: false)
            return
        }
        self.init(
            mongoServiceId: app.services.first { $0.name == data.service }.map(AdminService.id(of:)), enabled: data.enabled,
            databaseName: data.database, collectionName: data.collection, userIdField: data.userIdField,
            onUserCreationFunctionId: data.onUserCreationFunctionName.flatMap { AdminFunction.id(ofName: $0, in: app) })
    }

    /// Sets the keys given over what the app has. Enabled, it needs a data source service, a
    /// database, a collection and the field holding the user's id.
    public func patch() -> AppEdit {
        let body = self
        return { app in
            let current = AdminCustomUserData(app)
            let enabled = body.enabled ?? current.enabled ?? false
            let serviceId = body.mongoServiceId ?? current.mongoServiceId
            let database = body.databaseName ?? current.databaseName
            let collection = body.collectionName ?? current.collectionName
            let field = body.userIdField ?? current.userIdField
            let functionId = body.onUserCreationFunctionId ?? current.onUserCreationFunctionId
            guard let serviceId, !serviceId.isEmpty else {
                if enabled { throw AdminResourceError.missing("mongo_service_id") }
                app.customUserData = nil
                return
            }
            let service = try AdminService.dataSource(id: serviceId, field: "mongo_service_id", in: app)
            guard let database, !database.isEmpty else { throw AdminResourceError.missing("database_name") }
            guard let collection, !collection.isEmpty else { throw AdminResourceError.missing("collection_name") }
            guard let field, !field.isEmpty else { throw AdminResourceError.missing("user_id_field") }
            let function = try functionId.flatMap { id in
                id.isEmpty ? nil : try AdminFunction.name(ofId: id, field: "on_user_creation_function_id", in: app)
            }
            app.customUserData = AppCustomUserData(
                enabled: enabled, service: service.name, database: database, collection: collection, userIdField: field,
                onUserCreationFunctionName: function)
        }
    }
}

/// Device Sync's settings as the Admin API reads and writes them (`sync/config`):
/// `{"development_mode_enabled"}`. Kept as set: Roster serves no Device Sync.
public struct AdminSyncConfig: Codable, Sendable, Equatable {
    public var developmentModeEnabled: Bool?

    enum CodingKeys: String, CodingKey { case developmentModeEnabled = "development_mode_enabled" }

    public init(developmentModeEnabled: Bool?) {
        self.developmentModeEnabled = developmentModeEnabled
    }

    public init(_ app: AppModel) {
        self.init(developmentModeEnabled: app.developmentModeEnabled)
    }

    public func put() -> AppEdit {
        let enabled = developmentModeEnabled
        return { app in if let enabled { app.developmentModeEnabled = enabled } }
    }
}
