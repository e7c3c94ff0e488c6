import Foundation
import RosterCore

/// A failure a subcommand reports as one line on stderr, exiting 1.
struct CommandFailure: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    /// Words for any error, without a token or password in them.
    init(_ error: any Error) {
        switch error {
        case let failure as CommandFailure: self.message = failure.message
        case let roster as RosterError: self.message = roster.description
        default: self.message = String(describing: error)
        }
    }
}
