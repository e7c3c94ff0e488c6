import RosterAppModel
import RosterWire

/// A trigger as the Admin API reads and writes it (`triggers`): `{"_id", "name", "type",
/// "function_id", "function_name", "disabled", "config", "event_processors"}`, `type`
/// `DATABASE` (`config`: `service_id`, `database`, `collection`, `operation_types`, …),
/// `AUTHENTICATION` (`operation_type`, `providers`) or `SCHEDULED` (`schedule`). Stored and
/// listed; Roster runs no trigger.
public struct AdminTrigger: Codable, Sendable, Equatable {
    public var id: String?
    public var name: String
    public var type: String
    public var functionId: String?
    public var functionName: String?
    public var disabled: Bool?
    public var config: JSONValue?
    public var eventProcessors: JSONValue?

    enum CodingKeys: String, CodingKey {
        case id = "_id", name, type, functionId = "function_id", functionName = "function_name", disabled, config
        case eventProcessors = "event_processors"
    }

    public init(
        id: String? = nil, name: String, type: String, functionId: String? = nil, functionName: String? = nil, disabled: Bool? = nil,
        config: JSONValue? = nil, eventProcessors: JSONValue? = nil
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.functionId = functionId
        self.functionName = functionName
        self.disabled = disabled
        self.config = config
        self.eventProcessors = eventProcessors
    }

    public init(_ trigger: AppTrigger, in app: AppModel) {
        var config = trigger.exportedConfig
        // The Admin API names the service by its id.
        if case .database(let service, _, _, _) = trigger.event {
            _ = config.removeValue(forKey: "service_name")
            if let service = app.services.first(where: { $0.name == service }) { config["service_id"] = .string(AdminService.id(of: service)) }
        }
        self.init(
            id: AdminObjectID.resolve(trigger.id, kind: "trigger", name: trigger.name), name: trigger.name, type: trigger.kindName,
            functionId: trigger.functionName.flatMap { AdminFunction.id(ofName: $0, in: app) }, functionName: trigger.functionName,
            disabled: trigger.disabled, config: .object(config))
    }

    /// The model's trigger, checked against the app: its type's settings, the service it
    /// watches and the function it calls.
    func appTrigger(id: String, in app: AppModel) throws(AdminResourceError) -> AppTrigger {
        try ResourceName.check(name)
        let config = try AdminSettingsObject(self.config, field: "config")
        var kept = config.fields
        func required(_ key: String) throws(AdminResourceError) -> String {
            guard let value = try config.string(key) else { throw .missing("config.\(key)") }
            return value
        }
        let event: AppTrigger.Event
        switch type {
        case "DATABASE":
            let service = try AdminService.dataSource(id: try required("service_id"), field: "config.service_id", in: app)
            _ = kept.removeValue(forKey: "service_id")
            event = .database(
                service: service.name, database: try required("database"), collection: try required("collection"),
                operationTypes: try config.strings("operation_types") ?? [])
        case "AUTHENTICATION":
            event = .authentication(operationType: try required("operation_type"), providers: try config.strings("providers") ?? [])
        case "SCHEDULED":
            event = .scheduled(schedule: try required("schedule"))
        default:
            throw .invalid("type", "must be DATABASE, AUTHENTICATION or SCHEDULED")
        }
        var function: String?
        if let name = functionName, !name.isEmpty {
            guard app.function(named: name) != nil else { throw .invalid("function_name", "names no function of the app ('\(name)')") }
            function = name
        } else if let id = functionId, !id.isEmpty {
            function = try AdminFunction.name(ofId: id, field: "function_id", in: app)
        } else if eventProcessors == nil {
            throw .missing("function_id")
        }
        return AppTrigger(name: name, event: event, functionName: function, disabled: disabled ?? false, config: .object(kept), id: id)
    }

    public func create(id: String) -> AppEdit {
        let body = self
        return { app in
            let trigger = try body.appTrigger(id: id, in: app)
            guard !app.triggers.contains(where: { $0.name == trigger.name }) else { throw AdminTrigger.duplicate(trigger.name) }
            app.triggers.append(trigger)
        }
    }

    public func update(id: String) -> AppEdit {
        let body = self
        return { app in
            let index = try AdminTrigger.index(of: id, in: app)
            let trigger = try body.appTrigger(id: app.triggers[index].id ?? id, in: app)
            if trigger.name != app.triggers[index].name, app.triggers.contains(where: { $0.name == trigger.name }) {
                throw AdminTrigger.duplicate(trigger.name)
            }
            app.triggers[index] = trigger
        }
    }

    public static func delete(id: String) -> AppEdit {
        { app in app.triggers.remove(at: try index(of: id, in: app)) }
    }

    public static func find(id: String, in app: AppModel) throws(AdminResourceError) -> AdminTrigger {
        AdminTrigger(app.triggers[try index(of: id, in: app)], in: app)
    }

    static func index(of id: String, in app: AppModel) throws(AdminResourceError) -> Int {
        guard let index = app.triggers.firstIndex(where: { AdminObjectID.resolve($0.id, kind: "trigger", name: $0.name) == id }) else {
            throw .notFound("TriggerNotFound", "trigger", id: id)
        }
        return index
    }

    private static func duplicate(_ name: String) -> AdminResourceError {
        .duplicate("TriggerDuplicateName", "a trigger named '\(name)' already exists")
    }
}
