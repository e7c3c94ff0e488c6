import ArgumentParser

/// `roster account …`: email/password accounts - registration, confirmation and password reset.
struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Register an email user, confirm it, and reset its password.",
        discussion: """
            Tokens and passwords are never taken from the command line: they are asked for without \
            echo, or read from stdin a line at a time. Messages with tokens go to the server's \
            outbox; with the embedded default that is embedded/outbox/ in Roster's data directory.
            """,
        subcommands: [
            RegisterCommand.self, ConfirmCommand.self, ResendConfirmationCommand.self, RetryConfirmationCommand.self,
            SendResetCommand.self, ResetPasswordCommand.self, CallResetCommand.self,
        ]
    )
}
