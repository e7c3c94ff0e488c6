/// Why an app directory was refused: the file (relative to the directory), the key in it (a
/// dotted path, when the fault is in one) and the reason.
///
///     auth/providers.json, key 'local-userpass.config.autoConfrim': unknown key (known here: …)
public struct AppDirectoryError: Error, CustomStringConvertible, Equatable, Sendable {
    public let file: String
    public let key: String?
    public let reason: String

    public init(file: String, key: String? = nil, reason: String) {
        self.file = file
        self.key = key
        self.reason = reason
    }

    public var description: String {
        if let key { return "\(file), key '\(key)': \(reason)" }
        return "\(file): \(reason)"
    }
}
