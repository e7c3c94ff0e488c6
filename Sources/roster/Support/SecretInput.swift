import Foundation

/// Secrets for a subcommand: never from its arguments. Piped in, they are read a line at a time
/// from stdin; on a terminal, they are asked for without echo.
enum SecretInput {
    /// One secret: the next line of stdin when it is not a terminal (or `fromStdin`), otherwise
    /// asked for with `prompt`. Empty is refused with `missing`.
    static func read(
        _ prompt: String, fromStdin: Bool = false, missing: String, what: String = "the password", flag: String = "--password-stdin"
    ) throws -> String {
        let value: String?
        if fromStdin || isatty(STDIN_FILENO) == 0 {
            value = Terminal.readLineFromStandardInput()
        } else {
            value = try Terminal.promptSecret(prompt, what: what, flag: flag)
        }
        guard let value, !value.isEmpty else { throw CommandFailure(missing) }
        return value
    }
}
