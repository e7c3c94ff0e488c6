import RosterAppModel
import RosterServerCore
import RosterWire

/// A function as the Admin API reads and writes it (`functions`, `functions/{id}`):
/// `{"_id", "name", "source", "private", "run_as_system", "can_evaluate", "disable_arg_logs"}`.
///
///     POST functions {"name": "sum", "source": "exports = …", "private": false, "can_evaluate": {}}
public struct AdminFunction: Codable, Sendable, Equatable {
    public var id: String?
    public var name: String
    public var source: String?
    public var isPrivate: Bool?
    public var runAsSystem: Bool?
    public var canEvaluate: JSONValue?
    public var disableArgLogs: Bool?
    /// Seconds since 1970 at which it was made; written, never read.
    public var lastModified: Int64?

    enum CodingKeys: String, CodingKey {
        case id = "_id", name, source, isPrivate = "private", runAsSystem = "run_as_system", canEvaluate = "can_evaluate"
        case disableArgLogs = "disable_arg_logs", lastModified = "last_modified"
    }

    public init(
        id: String? = nil, name: String, source: String? = nil, isPrivate: Bool? = nil, runAsSystem: Bool? = nil,
        canEvaluate: JSONValue? = nil, disableArgLogs: Bool? = nil, lastModified: Int64? = nil
    ) {
        self.id = id
        self.name = name
        self.source = source
        self.isPrivate = isPrivate
        self.runAsSystem = runAsSystem
        self.canEvaluate = canEvaluate
        self.disableArgLogs = disableArgLogs
        self.lastModified = lastModified
    }

    /// The function as the API shows it.
    public init(_ function: AppFunction) {
        let id = AdminObjectID.resolve(function.id, kind: "function", name: function.name)
        self.init(
            id: id, name: function.name, source: function.source ?? "", isPrivate: function.isPrivate, runAsSystem: function.runAsSystem,
            canEvaluate: function.canEvaluate ?? .emptyObject, disableArgLogs: function.disableArgLogs,
            lastModified: AdminObjectID.seconds(id))
    }

    /// What a list shows of each: `{"_id", "name", "private", "last_modified"}`.
    public var summary: AdminFunction {
        AdminFunction(id: id, name: name, isPrivate: isPrivate, lastModified: lastModified)
    }

    /// The app model's function, checked: a name App Services takes, a source, and a condition
    /// on callers (`can_evaluate`) Roster evaluates, its fault named (`can_evaluate.%%root`).
    /// `{}` and null are kept as no condition.
    public func appFunction(id: String) throws(AdminResourceError) -> AppFunction {
        try ResourceName.check(name)
        guard let source, !source.isEmpty else { throw .missing("source") }
        let condition = canEvaluate == .emptyObject || canEvaluate == .null ? nil : canEvaluate
        if let condition, let refusal = FunctionCondition.refusal(condition) {
            throw .invalid(refusal.key.isEmpty ? "can_evaluate" : "can_evaluate.\(refusal.key)", refusal.reason)
        }
        return AppFunction(
            name: name, source: source, isPrivate: isPrivate ?? false, runAsSystem: runAsSystem ?? false, canEvaluate: condition,
            disableArgLogs: disableArgLogs ?? false, id: id)
    }

    /// Adds the function as `id`; a name another function has is refused.
    public func create(id: String) throws(AdminResourceError) -> AppEdit {
        let function = try appFunction(id: id)
        return { app in
            guard app.function(named: function.name) == nil else { throw AdminFunction.duplicate(function.name) }
            app.functions.append(function)
        }
    }

    /// Replaces the function `id` with this one, keeping its id; a new name is followed by
    /// every provider, trigger and custom user data setting that named the old one.
    public func update(id: String) throws(AdminResourceError) -> AppEdit {
        let body = self
        return { app in
            let index = try AdminFunction.index(of: id, in: app)
            let function = try body.appFunction(id: app.functions[index].id ?? id)
            let old = app.functions[index].name
            if function.name != old {
                guard app.function(named: function.name) == nil else { throw AdminFunction.duplicate(function.name) }
                FunctionReferences.rename(old, to: function.name, in: &app)
            }
            app.functions[index] = function
        }
    }

    /// Removes the function `id`; one a provider, trigger or custom user data still names is
    /// refused, naming what uses it.
    public static func delete(id: String) -> AppEdit {
        { app in
            let index = try index(of: id, in: app)
            let name = app.functions[index].name
            if let user = FunctionReferences.users(of: name, in: app).first {
                throw AdminResourceError.conflict("FunctionInvalid", "function '\(name)' is used by \(user); change that first")
            }
            app.functions.remove(at: index)
        }
    }

    /// The function `id` as the API shows it.
    public static func find(id: String, in app: AppModel) throws(AdminResourceError) -> AdminFunction {
        AdminFunction(app.functions[try index(of: id, in: app)])
    }

    static func index(of id: String, in app: AppModel) throws(AdminResourceError) -> Int {
        guard let index = app.functions.firstIndex(where: { AdminObjectID.resolve($0.id, kind: "function", name: $0.name) == id }) else {
            throw .notFound("FunctionNotFound", "function", id: id)
        }
        return index
    }

    /// The name of the function `id`, for a setting that names it by id.
    static func name(ofId id: String, field: String, in app: AppModel) throws(AdminResourceError) -> String {
        guard let function = app.functions.first(where: { AdminObjectID.resolve($0.id, kind: "function", name: $0.name) == id }) else {
            throw .invalid(field, "names no function of the app ('\(AdminObjectID.printable(id))')")
        }
        return function.name
    }

    /// The id of the function called `name`, for a setting written by id.
    static func id(ofName name: String, in app: AppModel) -> String? {
        app.function(named: name).map { AdminObjectID.resolve($0.id, kind: "function", name: $0.name) }
    }

    private static func duplicate(_ name: String) -> AdminResourceError {
        .duplicate("FunctionDuplicateName", "a function named '\(name)' already exists")
    }
}

/// Where an app names its functions: the email/password provider's confirmation and reset
/// functions, the custom-function provider's, triggers, and custom user data's creation function.
enum FunctionReferences {
    static func users(of name: String, in app: AppModel) -> [String] {
        var users: [String] = []
        for provider in app.providers {
            switch provider.settings {
            case .emailPassword(let settings) where settings.confirmationFunctionName == name || settings.resetFunctionName == name:
                users.append("the provider '\(provider.name)'")
            case .customFunction(let function) where function == name:
                users.append("the provider '\(provider.name)'")
            default: break
            }
        }
        users += app.triggers.filter { $0.functionName == name }.map { "the trigger '\($0.name)'" }
        if app.customUserData?.onUserCreationFunctionName == name { users.append("custom user data") }
        return users
    }

    static func rename(_ old: String, to new: String, in app: inout AppModel) {
        for index in app.providers.indices {
            switch app.providers[index].settings {
            case .emailPassword(var settings):
                if settings.confirmationFunctionName == old { settings.confirmationFunctionName = new }
                if settings.resetFunctionName == old { settings.resetFunctionName = new }
                app.providers[index].settings = .emailPassword(settings)
            case .customFunction(let function) where function == old:
                app.providers[index].settings = .customFunction(authFunctionName: new)
            default: break
            }
        }
        for index in app.triggers.indices where app.triggers[index].functionName == old { app.triggers[index].functionName = new }
        if app.customUserData?.onUserCreationFunctionName == old { app.customUserData?.onUserCreationFunctionName = new }
    }
}
