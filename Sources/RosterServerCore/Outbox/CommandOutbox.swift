import Foundation

/// Messages handed to a command, one run per message, as JSON on stdin (a mail gateway, a
/// script that prints them). Each run is one of the app's function commands, within its limits
/// (`FunctionLimiter`), counted for the client address that asked.
package struct CommandOutbox: Outbox {
    package let function: CommandFunction
    package let limiter: FunctionLimiter

    package var description: String { "the command \(function.config.command[0])" }
    package var runsCommands: Bool { true }

    package func deliver(_ message: OutboxMessage, for caller: FunctionCaller) async throws {
        do {
            _ = try await limiter.run(for: caller) { try await function.run(message.json) }
        } catch let failure as CommandFunction.Failure {
            throw OutboxFailure(description: "the outbox command failed: \(failure)")
        }
    }

    package init(function: CommandFunction, limiter: FunctionLimiter) {
        self.function = function
        self.limiter = limiter
    }
}
