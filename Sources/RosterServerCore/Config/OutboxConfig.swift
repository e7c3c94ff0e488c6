/// Where the server hands the messages it would mail (confirmation and reset tokens): a
/// directory of JSON files, or a command that gets each message as JSON on stdin. Without one,
/// messages go to `outbox/` beside the server's database.
///
///     { "directory": "/var/lib/roster/outbox" }
///     { "command": { "command": ["/usr/local/bin/send-mail"], "timeoutSeconds": 10 } }
public struct OutboxConfig: Codable, Sendable, Equatable {
    public var directory: String?
    public var command: FunctionConfig?

    public init(directory: String? = nil, command: FunctionConfig? = nil) {
        self.directory = directory
        self.command = command
    }

    package enum CodingKeys: String, CodingKey, CaseIterable { case directory, command }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        directory = try container.decodeIfPresent(String.self, forKey: .directory)
        command = try container.decodeIfPresent(FunctionConfig.self, forKey: .command)
    }

    package func validate(source: String) throws {
        guard (directory == nil) != (command == nil) else {
            throw AppConfigError.invalid(path: source, reason: "outbox needs exactly one of directory and command")
        }
        if let directory, !directory.hasPrefix("/") {
            throw AppConfigError.invalid(path: source, reason: "outbox.directory must be an absolute path")
        }
        try command?.validate("outbox.command", source: source)
    }
}
