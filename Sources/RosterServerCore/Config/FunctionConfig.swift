/// A function the server runs as a command: it gets its input as JSON on stdin and answers with
/// JSON on stdout, within `timeoutSeconds`. Email confirmation and password reset functions, and
/// a command outbox, are configured with one.
///
///     { "command": ["/usr/local/bin/confirm-user"], "timeoutSeconds": 5 }
public struct FunctionConfig: Codable, Sendable, Equatable {
    /// The program and its arguments; the program is run directly, not through a shell.
    public var command: [String]
    public var timeoutSeconds: Double

    public static let defaultTimeout: Double = 10

    package enum CodingKeys: String, CodingKey, CaseIterable { case command, timeoutSeconds }

    public init(command: [String], timeoutSeconds: Double = FunctionConfig.defaultTimeout) {
        self.command = command
        self.timeoutSeconds = timeoutSeconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        command = try container.decode([String].self, forKey: .command)
        timeoutSeconds = try container.decodeIfPresent(Double.self, forKey: .timeoutSeconds) ?? Self.defaultTimeout
    }

    package func validate(_ what: String, source: String) throws {
        guard let program = command.first, program.hasPrefix("/") else {
            throw AppConfigError.invalid(path: source, reason: "\(what).command must start with an absolute program path")
        }
        guard timeoutSeconds > 0, timeoutSeconds <= 300 else {
            throw AppConfigError.invalid(path: source, reason: "\(what).timeoutSeconds must be between 0 and 300")
        }
    }
}
