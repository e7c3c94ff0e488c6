import ArgumentParser
import Foundation
import RosterCore

/// `--pin-stdin`, for subcommands that act as a user whose session is sealed with a PIN (or
/// password): without it the PIN is asked for on the terminal, without echo. When a password
/// or token also comes from stdin, it is the first line and the PIN the second.
struct PINOptions: ParsableArguments {
    @Flag(name: .customLong("pin-stdin"), help: "Read the PIN (or password) from stdin, after any password or token read there.")
    var pinStdin = false

    /// Opens the user's sealed session for this command; nothing is asked when it is not sealed
    /// with a secret. A wrong PIN is one line, and counted (BEHAVIOURS 45); wrong PINs the server
    /// was sent since the last unlock are one line on stderr.
    func unlock(_ user: User, acceptingSession: Bool = true) async throws {
        guard user.isLocked, let kind = user.secretKind else { return }
        if acceptingSession, try UnlockCommand.unlockWithSession(user) { return }
        let secret = try secret(for: user, kind: kind)
        let report: UnlockReport
        do {
            report = try await user.unlock(secret: secret)
        } catch {
            throw CommandFailure(error)
        }
        if let notice = report.notice { Terminal.printError(notice) }
    }

    /// The PIN (or password) of a sealed user, from stdin or the terminal.
    func secret(for user: User, kind: SecretKind) throws -> String {
        try SecretInput.read(
            "\(kind == .pin ? "PIN" : "Password") for \(user.displayName): ", fromStdin: pinStdin,
            missing: "no \(kind) given for \(user.displayName)", what: "a \(kind)", flag: "--pin-stdin")
    }

    /// A new PIN: one line of stdin, or asked twice on the terminal. Checked against the rule:
    /// on the terminal a PIN that breaks it, or a second entry that differs, is asked for again
    /// (at most `PINOptions.attempts` times), so one slip does not cancel what is being set up;
    /// from stdin it is an error that changes nothing.
    func newPIN(_ prompt: String, allowEmpty: Bool = false) throws -> String {
        if pinStdin || isatty(STDIN_FILENO) == 0 {
            let line = Terminal.readLineFromStandardInput() ?? ""
            if allowEmpty && line.isEmpty { return "" }
            if let problem = PINRule.problem(with: line) { throw CommandFailure(problem) }
            return line
        }
        var asking = prompt
        for _ in 0..<Self.attempts {
            let first = try Terminal.promptSecret(asking, what: "a PIN", flag: "--pin-stdin")
            if allowEmpty && first.isEmpty { return "" }
            if let problem = PINRule.problem(with: first) {
                asking = "\(problem.prefix(1).uppercased() + problem.dropFirst()). \(prompt)"
                continue
            }
            let again = try Terminal.promptSecret("The same PIN again: ", what: "a PIN", flag: "--pin-stdin")
            if again == first { return first }
            asking = "The two PINs differ. \(prompt)"
        }
        throw CommandFailure("no PIN chosen after \(Self.attempts) tries; nothing was changed")
    }

    /// How many times a new PIN is asked for on the terminal before giving up.
    static let attempts = 3

    /// Under `pin` (and `password`, for providers other than email/password) a new user chooses
    /// a PIN; `nil` when the policy asks for none.
    func pinForLogIn(_ credentials: Credentials, policy: SwitchingPolicy) throws -> String? {
        let emailPassword: Bool
        if case .emailPassword = credentials { emailPassword = true } else { emailPassword = false }
        guard policy == .pin || (policy == .password && !emailPassword) else { return nil }
        return try newPIN("Choose a PIN (at least \(PINRule.minimumDigits) digits): ")
    }
}
