import RosterWire

/// A trigger of the app (`triggers/<name>.json`): what sets it off, the function it calls (none
/// when it sends its events elsewhere, to AWS EventBridge), and its configuration as written
/// (`config`), kept whole for what the typed parts leave out.
public struct AppTrigger: Codable, Sendable, Equatable {
    /// The id the Admin API names it by (24 hex digits), when it was given one.
    public var id: String?
    public var name: String
    public var event: Event
    public var functionName: String?
    public var disabled: Bool
    public var config: JSONValue

    public init(name: String, event: Event, functionName: String?, disabled: Bool = false, config: JSONValue = .emptyObject, id: String? = nil) {
        self.id = id
        self.name = name
        self.event = event
        self.functionName = functionName
        self.disabled = disabled
        self.config = config
    }

    /// What sets a trigger off.
    public enum Event: Codable, Sendable, Equatable {
        /// A change to a collection of a data source.
        case database(service: String, database: String, collection: String, operationTypes: [String])
        /// A user made (`CREATE`), logged in (`LOGIN`) or deleted (`DELETE`) through `providers`.
        case authentication(operationType: String, providers: [String])
        /// A CRON schedule (`0 0 * * 1`).
        case scheduled(schedule: String)
    }

    /// App Services' name of the kind: `DATABASE`, `AUTHENTICATION` or `SCHEDULED`.
    public var kindName: String {
        switch event {
        case .database: "DATABASE"
        case .authentication: "AUTHENTICATION"
        case .scheduled: "SCHEDULED"
        }
    }

    /// The trigger's `config` as App Services writes it: what the model keeps of it, with the
    /// event's own keys (`service_name`, `database`, `collection`, `operation_types`;
    /// `operation_type`, `providers`; `schedule`) set from the event.
    public var exportedConfig: JSONObject {
        var config = self.config.objectValue ?? [:]
        switch event {
        case .database(let service, let database, let collection, let operationTypes):
            config["service_name"] = .string(service)
            config["database"] = .string(database)
            config["collection"] = .string(collection)
            config["operation_types"] = .array(operationTypes.map(JSONValue.string))
        case .authentication(let operationType, let providers):
            config["operation_type"] = .string(operationType)
            config["providers"] = .array(providers.map(JSONValue.string))
        case .scheduled(let schedule):
            config["schedule"] = .string(schedule)
        }
        return config
    }
}
