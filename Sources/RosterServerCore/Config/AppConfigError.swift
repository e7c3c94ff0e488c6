import Foundation

/// Why an app configuration could not be used.
public enum AppConfigError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file was read but its content is wrong.
    case invalid(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the app configuration \(path): \(reason)"
        case .invalid(let path, let reason): "the app configuration \(path) is invalid: \(reason)"
        }
    }

    package static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "the top level" : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing field '\(path(context.codingPath + [key]))'"
        case .typeMismatch(_, let context): return "wrong type at '\(path(context.codingPath))'"
        case .valueNotFound(_, let context): return "null at '\(path(context.codingPath))'"
        case .dataCorrupted(let context) where context.debugDescription.hasPrefix(ConfigKeyError.marker):
            return "\(ConfigKeyError.marker) '\(path(context.codingPath))'\(context.debugDescription.dropFirst(ConfigKeyError.marker.count))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "bad value at '\(path(context.codingPath))'"
        @unknown default: return "cannot be decoded"
        }
    }
}
