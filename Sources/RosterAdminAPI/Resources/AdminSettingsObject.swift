import RosterAppModel
import RosterWire

/// A settings object of a request (`config`, `secret_config`) read key by key, each wrong
/// value refused by its path (`config.autoConfirm`). An empty string reads as absent, as App
/// Services' own exports write unset settings so.
struct AdminSettingsObject {
    let fields: JSONObject
    let field: String

    init(_ value: JSONValue?, field: String) throws(AdminResourceError) {
        switch value {
        case nil, .null?: fields = [:]
        case .object(let object)?: fields = object
        default: throw .invalid(field, "must be an object")
        }
        self.field = field
    }

    func string(_ key: String) throws(AdminResourceError) -> String? {
        switch fields[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value.isEmpty ? nil : value
        default: throw .invalid("\(field).\(key)", "must be a string")
        }
    }

    func bool(_ key: String) throws(AdminResourceError) -> Bool? {
        switch fields[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        default: throw .invalid("\(field).\(key)", "must be a boolean")
        }
    }

    /// A string or an array of strings (`audience`, `signingKeys`); empty strings dropped.
    func strings(_ key: String) throws(AdminResourceError) -> [String]? {
        switch fields[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value.isEmpty ? [] : [value]
        case .array(let items)?:
            var strings: [String] = []
            for item in items {
                guard let string = item.stringValue else { throw .invalid("\(field).\(key)", "must be a string or an array of strings") }
                if !string.isEmpty { strings.append(string) }
            }
            return strings
        default: throw .invalid("\(field).\(key)", "must be a string or an array of strings")
        }
    }

    /// A function of the app named by `nameKey`, or by `idKey` when only the id is given; one
    /// the app does not have is refused by the key that named it.
    func functionName(_ nameKey: String, _ idKey: String, in app: AppModel) throws(AdminResourceError) -> String? {
        if let name = try string(nameKey) {
            guard app.function(named: name) != nil else { throw .invalid("\(field).\(nameKey)", "names no function of the app ('\(name)')") }
            return name
        }
        guard let id = try string(idKey) else { return nil }
        return try AdminFunction.name(ofId: id, field: "\(field).\(idKey)", in: app)
    }
}
