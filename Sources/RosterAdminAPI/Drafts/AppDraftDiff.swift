import Foundation
import RosterAppModel
import RosterWire

/// What deploying a draft would change, in words, as App Services' draft `diff` lists it
/// (`diffs`): one line per part of the app added, removed or changed, a named resource
/// (function, service, value, trigger, …) by its name. Pure.
///
///     AppDraftDiff.lines(from: app.model, to: draft.model)   // ["+ functions 'sum'", "~ environment"]
enum AppDraftDiff {
    /// The most lines one diff gives; the rest are counted in a last line.
    static let maxLines = 200

    static func lines(from live: AppModel, to draft: AppModel) -> [String] {
        guard let before = object(live), let after = object(draft) else { return [] }
        var lines: [String] = []
        for key in Array(Set(before.keys).union(after.keys)).sorted() where before[key] != after[key] {
            lines += part(key, before[key], after[key])
        }
        guard lines.count > maxLines else { return lines }
        return Array(lines.prefix(maxLines)) + ["… and \(lines.count - maxLines) more"]
    }

    /// The secrets whose value changes, by name, the values never shown; a secret added or
    /// removed is a line of the model's `secrets` already.
    static func secretLines(from live: [String: String], to draft: [String: String]) -> [String] {
        live.keys.filter { name in draft[name].map { $0 != live[name] } ?? false }.sorted().prefix(maxLines).map { "~ secrets '\($0)' (its value)" }
    }

    /// The lines of one part: by name when both sides are lists of named resources.
    private static func part(_ key: String, _ before: JSONValue?, _ after: JSONValue?) -> [String] {
        let old = named(before), new = named(after)
        guard let old, let new else {
            return [before == nil ? "+ \(key)" : after == nil ? "- \(key)" : "~ \(key)"]
        }
        var lines: [String] = []
        for (name, value) in new {
            if let previous = old.first(where: { $0.name == name }) {
                if previous.value != value { lines.append("~ \(key) '\(name)'") }
            } else {
                lines.append("+ \(key) '\(name)'")
            }
        }
        for (name, _) in old where !new.contains(where: { $0.name == name }) {
            lines.append("- \(key) '\(name)'")
        }
        return lines
    }

    /// The items of a list whose every item has a `name` (or, for rules, `collection`).
    private static func named(_ value: JSONValue?) -> [(name: String, value: JSONValue)]? {
        guard let items = value?.arrayValue ?? (value == nil ? [] : nil) else { return nil }
        var found: [(name: String, value: JSONValue)] = []
        for item in items {
            guard let name = item["name"]?.stringValue ?? item["collection"]?.stringValue else { return nil }
            found.append((name, item))
        }
        return found
    }

    private static func object(_ model: AppModel) -> JSONObject? {
        guard let data = try? JSONEncoder().encode(model) else { return nil }
        return (try? JSONValue(parsing: data))?.objectValue
    }
}
