import Foundation
import RosterWire

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

    /// The decoder's refusal in words: where in the file (the key's path) and why (what was
    /// expected there, or the reason the value was refused); for text that is not JSON, where
    /// it breaks, read again from `data` when given.
    package static func describe(_ error: DecodingError) -> String { describe(error, in: nil) }

    package static func describe(_ error: DecodingError, in data: Data?) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "the top level" : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing field '\(path(context.codingPath + [key]))'"
        case .typeMismatch(let type, let context):
            return "wrong type at '\(path(context.codingPath))': expected \(expected(type))"
        case .valueNotFound(let type, let context): return "null at '\(path(context.codingPath))': expected \(expected(type))"
        case .dataCorrupted(let context) where context.debugDescription.hasPrefix(ConfigKeyError.marker):
            return "\(ConfigKeyError.marker) '\(path(context.codingPath))'\(context.debugDescription.dropFirst(ConfigKeyError.marker.count))"
        case .dataCorrupted(let context):
            guard !context.codingPath.isEmpty else {
                var why = context.underlyingError.map { "\($0)" }
                if let data {
                    do { _ = try JSONValue(parsing: data) } catch { why = "\(error)" }
                }
                return "not valid JSON\(reason(why))"
            }
            return "bad value at '\(path(context.codingPath))'\(reason(context.debugDescription))"
        @unknown default: return "cannot be decoded"
        }
    }

    /// ": <why>", cut to a line's length (a decoder's words may quote the file), or nothing.
    private static func reason(_ words: String?) -> String {
        guard let words, !words.isEmpty else { return "" }
        let line = words.split(whereSeparator: \.isNewline).joined(separator: " ")
        return ": " + (line.count > 200 ? line.prefix(200) + "…" : line)
    }

    /// What a value of `type` is, in a configuration's words.
    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is String.Type, is Substring.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type, is UInt64.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        default:
            "\(type)".hasPrefix("Array<") ? "a list" : "\(type)".hasPrefix("Dictionary<") ? "an object" : "another kind of value"
        }
    }
}
