import RosterAppModel
import RosterWire

/// A JSON object of an app directory's file, read key by key: every fault names the file, the
/// key's dotted path and what is wrong, and `known` refuses a key that is not App Services'.
struct JSONFields {
    let file: String
    /// The dotted path of this object in its file; empty at the top.
    let path: String
    let object: JSONObject

    init(_ value: JSONValue, file: String, path: String = "") throws {
        guard case .object(let object) = value else {
            throw AppDirectoryError(file: file, key: path.isEmpty ? nil : path, reason: "must be a JSON object")
        }
        self.file = file
        self.path = path
        self.object = object
    }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    func fail(_ key: String?, _ reason: String) -> AppDirectoryError {
        AppDirectoryError(file: file, key: key.map(keyPath) ?? (path.isEmpty ? nil : path), reason: reason)
    }

    /// Refuses the first key (in sorted order) that is not one of `keys`.
    func known(_ keys: [String]) throws {
        let allowed = Set(keys)
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw fail(unknown, "unknown key (known here: \(keys.sorted().joined(separator: ", ")))")
        }
    }

    func value(_ key: String) -> JSONValue? {
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    func string(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        guard let string = value.stringValue else { throw fail(key, "must be a string") }
        return string
    }

    func requiredString(_ key: String) throws -> String {
        guard let string = try string(key) else { throw fail(key, "is missing") }
        guard !string.isEmpty else { throw fail(key, "must not be empty") }
        return string
    }

    /// A resource's `id` as App Services writes it: 24 hexadecimal digits, kept in lower case;
    /// none when missing or empty.
    func objectId(_ key: String = "id") throws -> String? {
        guard let id = try string(key), !id.isEmpty else { return nil }
        guard AppObjectID.isValid(id) else { throw fail(key, "must be 24 hexadecimal digits (an ObjectId)") }
        return id.lowercased()
    }

    func bool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        guard let bool = value.boolValue else { throw fail(key, "must be true or false") }
        return bool
    }

    func strings(_ key: String) throws -> [String]? {
        guard let value = value(key) else { return nil }
        guard let array = value.arrayValue else { throw fail(key, "must be a list of strings") }
        return try array.enumerated().map { index, item in
            guard let string = item.stringValue else { throw fail("\(key).\(index)", "must be a string") }
            return string
        }
    }

    /// A string or a list of strings, as a list.
    func stringOrStrings(_ key: String) throws -> [String]? {
        if let one = value(key)?.stringValue { return [one] }
        return try strings(key)
    }

    func array(_ key: String) throws -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard let array = value.arrayValue else { throw fail(key, "must be a list") }
        return array
    }

    func fields(_ key: String) throws -> JSONFields? {
        guard let value = value(key) else { return nil }
        return try JSONFields(value, file: file, path: keyPath(key))
    }
}
