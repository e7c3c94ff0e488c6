import Foundation
import RosterWire

/// What App Services' private API keeps per app beside its model, as realm-core's harness sets
/// it: feature flags (`features`: the names enabled) and app settings (`settings`: a JSON object,
/// such as `{"sync": {"num_objects_before_bootstrap_flush": 5}}`). Both tune Device Sync, which
/// Roster does not serve: they are kept and answered back as set, and change nothing else.
///
///     var settings = AppPrivateSettings()
///     try settings.setFlags(["allow_permissions_bootstrap"], enabled: true)
///     try settings.patch(["sync": ["num_objects_before_bootstrap_flush": 5]])
public struct AppPrivateSettings: Codable, Sendable, Equatable {
    /// The feature flags enabled, in the order they were first enabled.
    public var enabledFlags: [String] = []
    /// The app settings, a JSON object.
    public var settings: JSONValue = .emptyObject

    /// The most flags an app has enabled.
    static let maxFlags = 100
    /// The longest settings document, as compact JSON.
    static let maxSettingsBytes = 64 * 1024
    /// The deepest a settings document nests.
    static let maxDepth = 16

    public init() {}

    mutating func setFlags(_ names: [String], enabled: Bool) throws(AdminResourceError) {
        guard names.count <= Self.maxFlags else { throw .invalid("feature_flags", "names more than \(Self.maxFlags) flags") }
        for name in names {
            try ResourceName.check(name, field: "feature_flags")
        }
        if enabled {
            for name in names where !enabledFlags.contains(name) {
                enabledFlags.append(name)
            }
            guard enabledFlags.count <= Self.maxFlags else { throw .invalid("feature_flags", "would enable more than \(Self.maxFlags) flags") }
        } else {
            enabledFlags.removeAll { names.contains($0) }
        }
    }

    /// Sets each key `patch` gives; an object given where an object is kept is merged key by key.
    mutating func patch(_ patch: JSONValue) throws(AdminResourceError) {
        guard patch.objectValue != nil else { throw .invalid("settings", "must be a JSON object") }
        let merged = try Self.merge(settings, patch, depth: 0)
        guard merged.compactText.utf8.count <= Self.maxSettingsBytes else {
            throw .invalid("settings", "would be longer than \(Self.maxSettingsBytes / 1024) KiB")
        }
        settings = merged
    }

    private static func merge(_ kept: JSONValue, _ given: JSONValue, depth: Int) throws(AdminResourceError) -> JSONValue {
        guard depth < maxDepth else { throw .invalid("settings", "nests deeper than \(maxDepth) levels") }
        guard var fields = kept.objectValue, let patch = given.objectValue else {
            if given.objectValue != nil { return try merge(.emptyObject, given, depth: depth) }
            try checkDepth(given, depth: depth)
            return given
        }
        for (key, value) in patch {
            fields[key] = try merge(fields[key] ?? .null, value, depth: depth + 1)
        }
        return .object(fields)
    }

    private static func checkDepth(_ value: JSONValue, depth: Int) throws(AdminResourceError) {
        guard depth < maxDepth else { throw .invalid("settings", "nests deeper than \(maxDepth) levels") }
        for item in value.arrayValue ?? value.objectValue.map { Array($0.values) } ?? [] {
            try checkDepth(item, depth: depth + 1)
        }
    }
}
