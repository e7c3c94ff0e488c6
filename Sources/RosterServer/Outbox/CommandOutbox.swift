import Foundation

/// Messages handed to a command, one run per message, as JSON on stdin (a mail gateway, a
/// script that prints them).
struct CommandOutbox: Outbox {
    let function: CommandFunction

    var description: String { "the command \(function.config.command[0])" }

    func deliver(_ message: OutboxMessage) async throws {
        do {
            _ = try await function.run(message.json)
        } catch let failure as CommandFunction.Failure {
            throw OutboxFailure(description: "the outbox command failed: \(failure)")
        }
    }
}
