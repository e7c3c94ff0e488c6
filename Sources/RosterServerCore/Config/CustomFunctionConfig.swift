/// `custom-function`: log-in decided by the app's authentication function, given one of two
/// ways.
///
/// - `command`: a command run with the log-in body (without `options`) as JSON on stdin. It
///   answers `{"id": "<external id>"}`, optionally with `name`, `email` and `picture_url` for the
///   profile, or `{"error": "<why>"}`.
/// - `functionName`: one of the app's JavaScript `functions`, run as App Services runs it, as
///   the system user, with the log-in body as its argument. It returns the external id as a
///   string, or an object with `id` (and `name`, …); what it throws refuses the log-in.
///
/// The same external id is always the same user.
///
///     "custom-function": { "enabled": true, "command": ["/usr/local/bin/kiosk-auth"], "timeoutSeconds": 5 }
///     "custom-function": { "enabled": true, "functionName": "authFunc" }
public struct CustomFunctionConfig: Codable, Sendable, Equatable {
    public var enabled: Bool
    /// The command; nil when the function is named.
    public var function: FunctionConfig?
    /// The app's JavaScript function that decides; nil when a command does.
    public var functionName: String?

    public init(enabled: Bool = true, function: FunctionConfig) {
        self.enabled = enabled
        self.function = function
    }

    public init(enabled: Bool = true, functionName: String) {
        self.enabled = enabled
        self.functionName = functionName
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case enabled, command, timeoutSeconds, functionName
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        functionName = try container.decodeIfPresent(String.self, forKey: .functionName)
        if functionName == nil || container.contains(.command) {
            function = FunctionConfig(
                command: try container.decode([String].self, forKey: .command),
                timeoutSeconds: try container.decodeIfPresent(Double.self, forKey: .timeoutSeconds) ?? FunctionConfig.defaultTimeout)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(enabled, forKey: .enabled)
        try container.encodeIfPresent(functionName, forKey: .functionName)
        if let function {
            try container.encode(function.command, forKey: .command)
            try container.encode(function.timeoutSeconds, forKey: .timeoutSeconds)
        }
    }

    /// Exactly one of `command` and `functionName`; a named function must be one of the app's
    /// JavaScript `functions`.
    package func validate(functions: [String: FunctionConfig], source: String) throws {
        switch (function, functionName) {
        case (let command?, nil):
            try command.validate("custom-function", source: source)
        case (nil, let name?):
            guard functions[name]?.isJavaScript == true else {
                throw AppConfigError.invalid(
                    path: source, reason: "custom-function.functionName '\(name.prefix(64))' is not one of the app's JavaScript functions")
            }
        default:
            throw AppConfigError.invalid(path: source, reason: "custom-function needs exactly one of command and functionName")
        }
    }
}
