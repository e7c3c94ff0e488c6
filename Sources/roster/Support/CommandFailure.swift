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

extension CommandFailure {
    /// Runs `body`; any failure becomes one line of words.
    static func wording<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw CommandFailure(error) }
    }

    static func wording<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch { throw CommandFailure(error) }
    }
}
