// Kept instead of swift-log's `StreamLogHandler`, which costs the server more on the ceiling
// route, a refresh and the profile in the same run of `roster-bench http --against-server`:
// docs/BENCHMARKS.md ("Roster's own pieces in place of stock ones") has the method and the figures.

import Logging

/// The server's log handler: the line swift-log's `StreamLogHandler` writes
/// (`2026-11-26T12:00:00+0000 info roster-server: key=value … [Module] message`, metadata sorted
/// by key), through a `LogOutput`, so that a line costs neither a system call nor a lock shared
/// with the other threads. Warnings and errors are written at once; the rest within the
/// output's flush interval.
///
///     LoggingSystem.bootstrap { ServerLogHandler(label: $0, output: .standardError) }
public struct ServerLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let output: LogOutput

    public init(
        label: String, output: LogOutput, logLevel: Logger.Level = .info,
        metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider
    ) {
        self.label = label
        self.output = output
        self.logLevel = logLevel
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line = "\(event.level)"
        if !label.isEmpty { line += " " + label }
        line += ":"
        var all = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty {
            all.merge(provided) { _, provided in provided }
        }
        if let explicit = event.metadata, !explicit.isEmpty {
            all.merge(explicit) { _, explicit in explicit }
        }
        if let error = event.error {
            all["error.message"] = "\(error)"
            all["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        for (key, value) in all.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(value)"
        }
        line += " [\(event.source)] \(event.message)\n"
        output.append(stamping: line, now: event.level >= .warning)
    }
}
