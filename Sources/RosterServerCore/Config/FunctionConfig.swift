import Foundation
import RosterWire

/// A function of the app: JavaScript as App Services runs it (`source`, or `sourceFile`), or a
/// command the server runs (`command`: it gets its input as JSON on stdin and answers with JSON
/// on stdout). Either runs within `timeoutSeconds`. Email confirmation and password reset
/// functions, and a command outbox, are commands; functions clients call by name may be either.
///
///     { "command": ["/usr/local/bin/confirm-user"], "timeoutSeconds": 5 }
///     { "source": "exports = function(a, b) { return a + b };" }
///     { "sourceFile": "functions/sum.js", "private": true, "runAsSystem": true }
///
/// - `source`: the function's JavaScript, as an App Services app keeps it in `functions/<name>.js`
///   (`exports = function(…) {…}` or `exports = async function(…) {…}`).
/// - `sourceFile`: the same in a file, its path relative to the configuration file's folder; the
///   file is read when the configuration is loaded.
/// - `private`: clients cannot call it by name (`functions/call` answers as for a function that
///   does not exist); other functions can, through `context.functions.execute`.
/// - `runAsSystem`: its data calls (`context.services`) run as the system user, past the rules.
/// - `canEvaluate`: App Services' `can_evaluate`, a condition on the caller that must hold
///   before the function runs for a user (`FunctionCondition`); refused when it does not with
///   FunctionExecutionError `rule not matched for function "name"`.
public struct FunctionConfig: Codable, Sendable, Equatable {
    /// The program and its arguments; the program is run directly, not through a shell. Empty for
    /// a JavaScript function.
    public var command: [String]
    public var source: String?
    public var sourceFile: String?
    public var isPrivate: Bool
    public var runAsSystem: Bool
    public var canEvaluate: JSONValue?
    public var timeoutSeconds: Double
    /// The Admin API's id of the function, when its app model gave it one: its runs' log
    /// entries carry it (`function_id`). Never read from or written to a configuration file.
    /// Part of what the function is, as it is of the model's `AppFunction`: two functions that
    /// run alike under different ids are logged differently, so they are not equal.
    public var id: String?

    public static let defaultTimeout: Double = 10

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case command, source, sourceFile, timeoutSeconds, runAsSystem, canEvaluate
        case isPrivate = "private"
    }

    public init(command: [String], timeoutSeconds: Double = FunctionConfig.defaultTimeout) {
        self.command = command
        self.timeoutSeconds = timeoutSeconds
        isPrivate = false
        runAsSystem = false
    }

    /// A JavaScript function.
    public init(
        source: String? = nil, sourceFile: String? = nil, isPrivate: Bool = false, runAsSystem: Bool = false,
        canEvaluate: JSONValue? = nil, timeoutSeconds: Double = FunctionConfig.defaultTimeout
    ) {
        command = []
        self.source = source
        self.sourceFile = sourceFile
        self.isPrivate = isPrivate
        self.runAsSystem = runAsSystem
        self.canEvaluate = canEvaluate
        self.timeoutSeconds = timeoutSeconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        source = try container.decodeIfPresent(String.self, forKey: .source)
        sourceFile = try container.decodeIfPresent(String.self, forKey: .sourceFile)
        if source == nil, sourceFile == nil {
            command = try container.decode([String].self, forKey: .command)
        } else {
            command = try container.decodeIfPresent([String].self, forKey: .command) ?? []
        }
        isPrivate = try container.decodeIfPresent(Bool.self, forKey: .isPrivate) ?? false
        runAsSystem = try container.decodeIfPresent(Bool.self, forKey: .runAsSystem) ?? false
        canEvaluate = try container.decodeIfPresent(JSONValue.self, forKey: .canEvaluate)
        timeoutSeconds = try container.decodeIfPresent(Double.self, forKey: .timeoutSeconds) ?? Self.defaultTimeout
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !command.isEmpty { try container.encode(command, forKey: .command) }
        try container.encodeIfPresent(source, forKey: .source)
        try container.encodeIfPresent(sourceFile, forKey: .sourceFile)
        if isPrivate { try container.encode(isPrivate, forKey: .isPrivate) }
        if runAsSystem { try container.encode(runAsSystem, forKey: .runAsSystem) }
        try container.encodeIfPresent(canEvaluate, forKey: .canEvaluate)
        try container.encode(timeoutSeconds, forKey: .timeoutSeconds)
    }

    /// Whether it is JavaScript, not a command.
    public var isJavaScript: Bool { source != nil || sourceFile != nil }

    /// Checks it; `sourceBytes`, where JavaScript is served (functions called by name), bounds its
    /// source, and where it is nil only a command is accepted.
    package func validate(_ what: String, source path: String, sourceBytes: Int? = nil) throws {
        func fail(_ reason: String) -> AppConfigError { .invalid(path: path, reason: "\(what)\(reason)") }
        if isJavaScript {
            guard let sourceBytes else { throw fail(" must be a command here (JavaScript is served for functions called by name)") }
            guard command.isEmpty, (source == nil) != (sourceFile == nil) else {
                throw fail(" needs exactly one of command, source and sourceFile")
            }
            if let source, source.utf8.count > sourceBytes {
                throw fail(".source is longer than \(sourceBytes) bytes (limits.functionSourceBytes)")
            }
            if let sourceFile, sourceFile.isEmpty || sourceFile.hasPrefix("/") || sourceFile.split(separator: "/").contains("..") {
                throw fail(".sourceFile must be a path inside the configuration file's folder")
            }
        } else {
            guard let program = command.first, program.hasPrefix("/") else {
                throw fail(".command must start with an absolute program path")
            }
        }
        guard timeoutSeconds > 0, timeoutSeconds <= 300 else {
            throw fail(".timeoutSeconds must be between 0 and 300")
        }
        if let canEvaluate, let refusal = FunctionCondition.refusal(canEvaluate) {
            throw fail(".canEvaluate\(refusal.key.isEmpty ? "" : ", key '\(refusal.key)'"): \(refusal.reason)")
        }
    }
}
