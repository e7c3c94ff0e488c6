import Foundation
import RosterDocuments
import RosterWire

/// One trigger of the app, as App Services exports it (`triggers/<name>.json`) and as the
/// configuration file lists it under `triggers`:
///
///     {"name": "onNewOrder", "type": "DATABASE", "function_name": "tally", "disabled": false,
///      "config": {"service_name": "mongodb-atlas", "database": "shop", "collection": "orders",
///                 "operation_types": ["INSERT", "UPDATE"], "match": {}, "full_document": true}}
///
/// `AUTHENTICATION` takes `config.operation_type` (`CREATE`, `LOGIN`, `DELETE`) and
/// `config.providers` (provider types: `anon-user`, `local-userpass`, …); `SCHEDULED` takes
/// `config.schedule` (five-field CRON, UTC). The function is `function_name`, or
/// `event_processors.FUNCTION.config.function_name`.
public struct TriggerConfig: Codable, Sendable, Equatable {
    public var name: String
    public var functionName: String
    public var disabled: Bool
    public var event: Event

    public enum Event: Sendable, Equatable {
        case database(Database)
        case authentication(operation: AuthenticationOperation, providers: [String])
        case scheduled(schedule: String)
    }

    /// What sets off a database trigger.
    public struct Database: Sendable, Equatable {
        public var service: String
        public var database: String
        public var collection: String
        /// `insert`, `update`, `replace`, `delete` (exported in capitals).
        public var operationTypes: [String]
        /// A query over the change event (`$match` of a change stream); nil: every event.
        public var match: JSONValue?
        /// Whether an update's event carries the document after it (`fullDocument`).
        public var fullDocument: Bool
        /// Whether an event carries the document before the change (`fullDocumentBeforeChange`).
        public var fullDocumentBeforeChange: Bool

        public init(
            service: String = AppConfig.defaultDataService, database: String, collection: String, operationTypes: [String],
            match: JSONValue? = nil, fullDocument: Bool = false, fullDocumentBeforeChange: Bool = false
        ) {
            self.service = service
            self.database = database
            self.collection = collection
            self.operationTypes = operationTypes
            self.match = match
            self.fullDocument = fullDocument
            self.fullDocumentBeforeChange = fullDocumentBeforeChange
        }
    }

    public enum AuthenticationOperation: String, Codable, Sendable, CaseIterable {
        case create = "CREATE", login = "LOGIN", delete = "DELETE"
    }

    public init(name: String, functionName: String, disabled: Bool = false, event: Event) {
        self.name = name
        self.functionName = functionName
        self.disabled = disabled
        self.event = event
    }

    private enum Keys: String, CodingKey { case name, type, functionName = "function_name", disabled, config, eventProcessors = "event_processors", id, functionId = "function_id", errorHandler = "error_handler" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let name = try container.decode(String.self, forKey: .name)
        self.name = name
        disabled = try container.decodeIfPresent(Bool.self, forKey: .disabled) ?? false
        let config = try container.decodeIfPresent(JSONValue.self, forKey: .config)?.objectValue ?? [:]
        var function = try container.decodeIfPresent(String.self, forKey: .functionName)
        if function == nil, let processors = try container.decodeIfPresent(JSONValue.self, forKey: .eventProcessors) {
            function = processors["FUNCTION"]?["config"]?["function_name"]?.stringValue
        }
        guard let function else {
            throw DecodingError.dataCorruptedError(
                forKey: .functionName, in: container, debugDescription: "the trigger '\(name)' names no function (function_name)")
        }
        functionName = function
        func text(_ key: String) throws -> String {
            guard let value = config[key]?.stringValue else {
                throw DecodingError.dataCorruptedError(forKey: .config, in: container, debugDescription: "the trigger '\(name)' needs config.\(key)")
            }
            return value
        }
        func texts(_ key: String) -> [String] { config[key]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        switch try container.decode(String.self, forKey: .type) {
        case "DATABASE":
            event = .database(
                Database(
                    service: try text("service_name"), database: try text("database"), collection: try text("collection"),
                    operationTypes: texts("operation_types").map { $0.lowercased() },
                    match: config["match"].flatMap { $0 == .emptyObject ? nil : $0 }, fullDocument: config["full_document"]?.boolValue ?? false,
                    fullDocumentBeforeChange: config["full_document_before_change"]?.boolValue ?? false))
        case "AUTHENTICATION":
            guard let operation = AuthenticationOperation(rawValue: try text("operation_type")) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .config, in: container, debugDescription: "the trigger '\(name)''s config.operation_type must be CREATE, LOGIN or DELETE")
            }
            event = .authentication(operation: operation, providers: texts("providers"))
        case "SCHEDULED":
            event = .scheduled(schedule: try text("schedule"))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "the trigger '\(name)''s type '\(other.prefix(32))' is not DATABASE, AUTHENTICATION or SCHEDULED")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(name, forKey: .name)
        try container.encode(functionName, forKey: .functionName)
        try container.encode(disabled, forKey: .disabled)
        var config: JSONObject = [:]
        switch event {
        case .database(let database):
            try container.encode("DATABASE", forKey: .type)
            config["service_name"] = .string(database.service)
            config["database"] = .string(database.database)
            config["collection"] = .string(database.collection)
            config["operation_types"] = .array(database.operationTypes.map { .string($0.uppercased()) })
            config["match"] = database.match ?? .emptyObject
            config["full_document"] = .bool(database.fullDocument)
            config["full_document_before_change"] = .bool(database.fullDocumentBeforeChange)
        case .authentication(let operation, let providers):
            try container.encode("AUTHENTICATION", forKey: .type)
            config["operation_type"] = .string(operation.rawValue)
            config["providers"] = .array(providers.map(JSONValue.string))
        case .scheduled(let schedule):
            try container.encode("SCHEDULED", forKey: .type)
            config["schedule"] = .string(schedule)
        }
        try container.encode(JSONValue.object(config), forKey: .config)
    }

    /// Checks what decoding cannot: the function is the app's, the schedule parses, the
    /// operation types and the match filter are ones Roster runs.
    func validate(functions: [String: FunctionConfig], dataServices: [String], source: String) throws {
        func fail(_ reason: String) -> AppConfigError { .invalid(path: source, reason: "trigger '\(name.prefix(64))': \(reason)") }
        guard !name.isEmpty, name.utf8.count <= 64 else { throw fail("a trigger needs a name of 1 to 64 bytes") }
        guard let function = functions[functionName] else { throw fail("'\(functionName.prefix(64))' is not one of the app's functions") }
        guard function.isJavaScript else { throw fail("'\(functionName.prefix(64))' is a command; a trigger runs a JavaScript function") }
        switch event {
        case .database(let database):
            guard dataServices.contains(database.service) else {
                throw fail("'\(database.service.prefix(64))' is not the app's data service (\(dataServices.joined(separator: ", ")))")
            }
            guard !database.database.isEmpty, !database.collection.isEmpty else { throw fail("a database trigger needs database and collection") }
            let known = Set(["insert", "update", "replace", "delete"])
            guard !database.operationTypes.isEmpty, database.operationTypes.allSatisfy(known.contains) else {
                throw fail("operation_types must list INSERT, UPDATE, REPLACE or DELETE")
            }
            if let match = database.match {
                do { _ = try DocumentQuery.parse(match) } catch { throw fail("config.match is not a filter: \(error)") }
            }
        case .authentication(_, let providers):
            guard !providers.isEmpty, providers.allSatisfy({ ProviderType(rawValue: $0) != nil }) else {
                throw fail("config.providers must list provider types (anon-user, local-userpass, api-key, custom-token, custom-function, …)")
            }
        case .scheduled(let schedule):
            do { _ = try CronSchedule(schedule) } catch { throw fail(error.description) }
        }
    }
}
