import ArgumentParser
import Foundation
import Logging

/// `roster-bench`: measures Roster against the targets in docs/BENCHMARKS.md, driving real
/// processes (a served store under wrk, log-in floods, data calls under abuse, the switcher's
/// start-up, a switch with a PIN). Build with `swift build -c release`; it runs the `roster` and
/// `roster-server` next to it.
@main
struct RosterBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roster-bench",
        abstract: "Measure Roster against its targets (build with -c release).",
        subcommands: [
            BenchmarkCommand.self, DataBenchmarkCommand.self, LoginFloodBenchmarkCommand.self, DataAbuseBenchmarkCommand.self,
            HTTPBenchmarkCommand.self, PINSwitchBenchmarkCommand.self, ChangeStreamBenchmarkCommand.self, AccountsBenchmarkCommand.self,
            CommandLineBenchmarkCommand.self, FunctionsBenchmarkCommand.self,
        ]
    )

    static func main() async {
        // The embedded server's lines (one a request) would bury the figures: warnings only.
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .warning
            return handler
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as BenchmarkFailure {
            FileHandle.standardError.write(Data("roster-bench: \(failure.description)\n".utf8))
            Foundation.exit(1)
        } catch {
            // Usage errors exit 2, as `roster`'s do; help and the rest as ArgumentParser says.
            if exitCode(for: error) == .validationFailure || error is ValidationError {
                FileHandle.standardError.write(Data("\(fullMessage(for: error))\n".utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
