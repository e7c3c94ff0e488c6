import Foundation
import RosterWire

/// The values of an app's secrets, kept apart from the app: an exported directory names its
/// secrets and never holds them. They come from `--secret NAME=VALUE` and `--secrets-file FILE`
/// (a JSON object of names to string values, owner-only as any file of secrets).
///
///     var secrets = try AppSecrets(arguments: ["jwtKey=…"])
///     try secrets.add(AppSecrets(file: "/etc/roster/secrets.json"))
public struct AppSecrets: Sendable, Equatable {
    public private(set) var values: [String: String]

    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// `NAME=VALUE` arguments; a name given twice is refused.
    public init(arguments: [String]) throws(AppDirectoryError) {
        values = [:]
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                throw AppDirectoryError(file: "--secret", reason: "takes NAME=VALUE; '\(argument.prefix(while: { $0 != "=" }).prefix(64))' has no name or no '='")
            }
            try add(String(argument[..<equals]), String(argument[argument.index(after: equals)...]), from: "--secret")
        }
    }

    /// A secrets file: `{"jwtKey": "…", "googleSecret": "…"}`, at most `BoundedFile.configBytes`.
    public init(file path: String) throws(AppDirectoryError) {
        values = [:]
        let data: Data
        do {
            data = try BoundedFile.read(path, atMost: BoundedFile.configBytes)
        } catch {
            throw AppDirectoryError(file: path, reason: error.words)
        }
        guard let parsed = try? JSONValue(parsing: data), case .object(let object) = parsed else {
            throw AppDirectoryError(file: path, reason: "not a JSON object of secret names to values, such as {\"jwtKey\": \"…\"}")
        }
        for (name, value) in object {
            guard let string = value.stringValue else { throw AppDirectoryError(file: path, key: name, reason: "a secret's value is a string") }
            try add(name, string, from: path)
        }
    }

    /// Adds `other`'s secrets; a name both give is refused.
    public mutating func add(_ other: AppSecrets) throws(AppDirectoryError) {
        for (name, value) in other.values.sorted(by: { $0.key < $1.key }) { try add(name, value, from: "--secrets-file") }
    }

    private mutating func add(_ name: String, _ value: String, from source: String) throws(AppDirectoryError) {
        guard values[name] == nil else { throw AppDirectoryError(file: source, key: name, reason: "the secret is given twice") }
        values[name] = value
    }

    public subscript(name: String) -> String? { values[name] }
}
