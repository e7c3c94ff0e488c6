import Foundation

/// One event a trigger must run its function for, kept in the store until it has run: a
/// document change, a schedule's tick or a user's log-in. Kept once per trigger and `key`
/// whichever server instance saw it first, claimed by one instance at a time
/// (`TriggerEventRule`), so each event runs once across instances and survives a restart.
package struct TriggerEventRecord: Sendable, Equatable {
    package enum State: String, Sendable, Codable {
        /// Waiting to run, or running under a claim (`leaseUntil`).
        case pending
        /// The function ran.
        case done
        /// The function threw, or the event ran out of attempts or of its wait for the engine.
        case failed
    }

    package var appId: String
    /// The trigger's name.
    package var trigger: String
    /// What the event is, unique for the trigger: `change:<sequence>`, `tick:<unix seconds>`,
    /// `auth:<id>`.
    package var key: String
    /// The event the function is given, as canonical Extended JSON text.
    package var event: String
    package var state: State
    /// How many times it was claimed.
    package var attempts: Int
    /// Not claimed before then (a retry waits).
    package var notBefore: Date
    /// While claimed, when the claim runs out (the instance that claimed it is taken as gone).
    package var leaseUntil: Date?
    package var createdAt: Date

    package init(
        appId: String, trigger: String, key: String, event: String, state: State = .pending, attempts: Int = 0, notBefore: Date,
        leaseUntil: Date? = nil, createdAt: Date
    ) {
        self.appId = appId
        self.trigger = trigger
        self.key = key
        self.event = event
        self.state = state
        self.attempts = attempts
        self.notBefore = notBefore
        self.leaseUntil = leaseUntil
        self.createdAt = createdAt
    }
}
