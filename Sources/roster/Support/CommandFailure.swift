import Foundation
import RosterCore
import RosterTUI
import RosterWire

/// A failure a subcommand reports as one line on stderr, exiting 1. Its words may quote a
/// server, so control characters are taken out before they reach the terminal.
struct CommandFailure: Error {
    let message: String

    init(_ message: String) {
        self.message = TerminalText.printable(message)
    }

    /// Words for any error, without a token or password in them.
    init(_ error: any Error) {
        switch error {
        case let failure as CommandFailure: self.init(failure.message)
        case let roster as RosterError: self.init(roster.description)
        default: self.init(String(describing: error))
        }
    }
}

extension CommandFailure {
    /// Runs `body`; any failure becomes one line of words.
    static func wording<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw CommandFailure(error) }
    }

    static func wording<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch { throw CommandFailure(error) }
    }
}
