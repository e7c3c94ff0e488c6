import ArgumentParser
import Foundation
import Logging
import RosterServer
import RosterServerAssembly
import RosterServerCore

/// `roster-server`: runs the Roster auth server and administers its users.
@main
struct RosterServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roster-server",
        abstract: "The Roster auth server (App Services client API v2.0) and its admin tools.",
        subcommands: [ServeCommand.self, ExportCommand.self, AdminCommand.self])

    /// Exit codes: 0 done, 1 failure (one line on stderr), 2 usage error, 64 unusable settings.
    static func main() async {
        // One line a request: written through a buffer, and flushed on the way out.
        LoggingSystem.bootstrap { ServerLogHandler(label: $0, output: .standardError, logLevel: ServerLogLevel.current) }
        LogOutput.flushAtExit()
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            LogOutput.standardError.flush()  // the log's lines come before the failure's
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            if let refused = error as? SettingsError {
                FileHandle.standardError.write(Data("roster-server: \(refused)\n".utf8))
                Foundation.exit(SettingsError.exitStatus)
            }
            if error is CommandFailure || code != .validationFailure {
                let message = error is CommandFailure ? "\(error)" : fullMessage(for: error)
                let line = message.split(separator: "\n").first.map(String.init) ?? "failed"
                FileHandle.standardError.write(Data("roster-server: \(line)\n".utf8))
                Foundation.exit(1)
            }
            FileHandle.standardError.write(Data("\(fullMessage(for: error))\n".utf8))
            Foundation.exit(2)
        }
    }
}

/// A failure to report in one line, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
