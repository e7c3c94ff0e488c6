import Foundation

/// Messages handed to a command, one run per message, as JSON on stdin (a mail gateway, a
/// script that prints them). Each run is one of the app's function commands, within its limits
/// (`FunctionLimiter`), counted for the client address that asked.
struct CommandOutbox: Outbox {
    let function: CommandFunction
    let limiter: FunctionLimiter

    var description: String { "the command \(function.config.command[0])" }
    var runsCommands: Bool { true }

    func deliver(_ message: OutboxMessage, for caller: FunctionCaller) async throws {
        do {
            _ = try await limiter.run(for: caller) { try await function.run(message.json) }
        } catch let failure as CommandFunction.Failure {
            throw OutboxFailure(description: "the outbox command failed: \(failure)")
        }
    }
}
