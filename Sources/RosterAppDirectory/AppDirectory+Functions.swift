import Foundation
import RosterAppModel
import RosterWire

extension AppDirectoryReader {
    /// `functions/config.json` (a list of functions) beside each function's `functions/<name>.js`.
    mutating func functions() throws -> [AppFunction] {
        let names = try walk.names(in: "functions")
        let file = "functions/config.json"
        guard names.contains("config.json") else {
            if names.isEmpty { return [] }
            throw AppDirectoryError(file: file, reason: "missing: functions/ lists its functions in config.json")
        }
        guard case .array(let items) = try walk.json(file) else { throw AppDirectoryError(file: file, reason: "must be a list of functions") }
        if names.contains("package.json") || names.contains("node_modules") {
            notServed.append("Function dependencies (functions/package.json) are not served")
        }
        var functions: [AppFunction] = []
        for (index, item) in items.enumerated() {
            let fields = try JSONFields(item, file: file, path: "\(index)")
            try fields.known(["name", "private", "run_as_system", "can_evaluate", "disable_arg_logs", "id"])
            let name = try fields.requiredString("name")
            let segments = name.split(separator: "/", omittingEmptySubsequences: false)
            guard segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
                throw fields.fail("name", "'\(name)' is not a function's name")
            }
            guard !functions.contains(where: { $0.name == name }) else { throw fields.fail("name", "'\(name)' is listed twice") }
            let sourceFile = "functions/\(name).js"
            guard try walk.kind(sourceFile) == .file else {
                throw AppDirectoryError(file: sourceFile, reason: "missing: the source of the function '\(name)' listed in \(file)")
            }
            let source = String(decoding: try walk.read(sourceFile), as: UTF8.self)
            if source.contains("$search") || source.contains("$vectorSearch") {
                notServed.append("Atlas Search ($search in functions/\(name).js) is not served: the stage is refused when it runs")
            }
            functions.append(
                AppFunction(
                    name: name, source: source, isPrivate: try fields.bool("private") ?? false,
                    runAsSystem: try fields.bool("run_as_system") ?? false, canEvaluate: fields.value("can_evaluate"),
                    disableArgLogs: try fields.bool("disable_arg_logs") ?? false, id: try fields.objectId()))
        }
        return functions
    }

    /// `triggers/<name>.json`.
    mutating func triggers() throws -> [AppTrigger] {
        var triggers: [AppTrigger] = []
        for name in try walk.names(in: "triggers") {
            let file = "triggers/\(name)"
            guard name.hasSuffix(".json") else { throw AppDirectoryError(file: file, reason: "triggers/ holds .json files only") }
            let fields = try JSONFields(try walk.json(file), file: file)
            try fields.known(["id", "name", "type", "disabled", "config", "function_name", "function_id", "event_processors", "error_handler"])
            let config = try fields.fields("config") ?? JSONFields(.emptyObject, file: file, path: "config")
            let event: AppTrigger.Event
            switch try fields.requiredString("type") {
            case "DATABASE":
                event = .database(
                    service: try config.requiredString("service_name"), database: try config.requiredString("database"),
                    collection: try config.requiredString("collection"), operationTypes: try config.strings("operation_types") ?? [])
            case "AUTHENTICATION":
                event = .authentication(operationType: try config.requiredString("operation_type"), providers: try config.strings("providers") ?? [])
            case "SCHEDULED":
                event = .scheduled(schedule: try config.requiredString("schedule"))
            case let other:
                throw fields.fail("type", "'\(other)' is not DATABASE, AUTHENTICATION or SCHEDULED")
            }
            var function = try fields.string("function_name")
            if function == nil, let processors = try fields.fields("event_processors") {
                if let call = try processors.fields("FUNCTION") {
                    function = try call.fields("config")?.string("function_name")
                }
            }
            if function == nil {
                notServed.append("The trigger '\(try fields.requiredString("name"))' (\(file)) sends its events elsewhere, which is not served")
            }
            triggers.append(
                AppTrigger(
                    name: try fields.requiredString("name"), event: event, functionName: function, disabled: try fields.bool("disabled") ?? false,
                    config: .object(config.object), id: try fields.objectId()))
        }
        return triggers
    }
}
