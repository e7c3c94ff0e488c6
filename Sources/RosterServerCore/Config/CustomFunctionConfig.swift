/// `custom-function`: log-in decided by the app's authentication function, a command run with
/// the log-in body (without `options`) as JSON on stdin. It answers `{"id": "<external id>"}`,
/// optionally with `name`, `email` and `picture_url` for the profile, or `{"error": "<why>"}`.
/// The same external id is always the same user.
///
///     "custom-function": { "enabled": true, "command": ["/usr/local/bin/kiosk-auth"], "timeoutSeconds": 5 }
public struct CustomFunctionConfig: Codable, Sendable, Equatable {
    public var enabled: Bool
    public var function: FunctionConfig

    public init(enabled: Bool = true, function: FunctionConfig) {
        self.enabled = enabled
        self.function = function
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case enabled, command, timeoutSeconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        function = FunctionConfig(
            command: try container.decode([String].self, forKey: .command),
            timeoutSeconds: try container.decodeIfPresent(Double.self, forKey: .timeoutSeconds) ?? FunctionConfig.defaultTimeout)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(enabled, forKey: .enabled)
        try container.encode(function.command, forKey: .command)
        try container.encode(function.timeoutSeconds, forKey: .timeoutSeconds)
    }
}
