import RosterWire

/// A user already has as many change streams open on this server as the app allows
/// (`changeStreamsPerUser`): 429, try again once one is closed.
package struct ChangeStreamsFull: RetryLater, Sendable, Equatable {
    package var limit: Int
    package var retryAfterSeconds: Int { 5 }

    package var response: ErrorResponse {
        ErrorResponse(.tooManyRequests, "this user has \(limit) change streams open on this server (changeStreamsPerUser); close one first")
    }

    package init(limit: Int) {
        self.limit = limit
    }
}
