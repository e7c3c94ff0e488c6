import Foundation

/// How a trigger's event is claimed and settled, the same for every store driver: the drivers
/// read the rows and write back what this answers.
///
/// An event is claimed by one instance for `lease`; a function that threw, or was stopped at its
/// deadline or heap, is not run again (App Services runs a trigger's function once, without
/// retries); a run that never finished (the instance stopped mid-run) is run again after a
/// pause doubling from `retryPause`, up to `maxAttempts` runs in all, then marked failed. An
/// event whose function the JavaScript engine could not start for (nothing of it ran) waits for
/// the engine as App Services' suspended trigger waits for its change stream: its claim is not
/// counted, and it is claimed again after a pause as long as it has waited (from `retryPause`
/// up to `longestEnginePause`), until the end its trigger gives it, then marked failed.
///
///     if case .claim(let claimed) = TriggerEventRule.claim(record, now: now, policy: policy) { … }
package enum TriggerEventRule {
    package struct Policy: Sendable, Equatable {
        /// How many times one event may be claimed.
        package var maxAttempts: Int
        /// How long a claim lasts: longer than the function's deadline.
        package var lease: TimeInterval
        /// The pause before the first retry; each next one doubles, up to an hour.
        package var retryPause: TimeInterval

        package init(maxAttempts: Int = 3, lease: TimeInterval = 60, retryPause: TimeInterval = 5) {
            self.maxAttempts = maxAttempts
            self.lease = lease
            self.retryPause = retryPause
        }
    }

    /// How a claimed run ended.
    package enum Outcome: Sendable, Equatable {
        /// The function returned.
        case ran
        /// The function failed (it threw, or was stopped at a limit): logged, not run again.
        case threw
        /// It did not run to an end (the server stopped mid-run): run again.
        case interrupted
        /// The engine did not start, so nothing of the function ran: claimed again once the pause
        /// is over, the claim not counted, until `waitingEnds`, from which it is failed.
        case notRun(waitingEnds: Date)
    }

    /// The longest pause between two tries of an event waiting for the engine: once it is back,
    /// the events waiting run within this.
    package static let longestEnginePause: TimeInterval = 60

    /// What claiming a stored event comes to.
    package enum Claim: Sendable, Equatable {
        /// Claimed: run it, then settle it.
        case claim(TriggerEventRecord)
        /// Its claims ran out without an end: it is failed from now on.
        case giveUp(TriggerEventRecord)
        /// Not now: settled, waiting for a retry, or claimed by another instance.
        case skip
    }

    package static func claim(_ record: TriggerEventRecord, now: Date, policy: Policy) -> Claim {
        guard record.state == .pending, record.notBefore <= now else { return .skip }
        if let lease = record.leaseUntil, lease > now { return .skip }
        var changed = record
        guard record.attempts < policy.maxAttempts else {
            changed.state = .failed
            changed.leaseUntil = nil
            return .giveUp(changed)
        }
        changed.attempts += 1
        changed.leaseUntil = now.addingTimeInterval(policy.lease)
        return .claim(changed)
    }

    /// The stored event once the run of `claimed` ended with `outcome`; nil when the stored one
    /// is no longer that claim (its lease ran out and another instance claimed it).
    package static func settle(_ stored: TriggerEventRecord?, claimed: TriggerEventRecord, _ outcome: Outcome, now: Date, policy: Policy)
        -> TriggerEventRecord?
    {
        guard var record = stored, record.state == .pending, record.attempts == claimed.attempts,
            sameLease(record.leaseUntil, claimed.leaseUntil)
        else { return nil }
        record.leaseUntil = nil
        switch outcome {
        case .ran: record.state = .done
        case .threw: record.state = .failed
        case .interrupted:
            if record.attempts >= policy.maxAttempts {
                record.state = .failed
            } else {
                let doublings = Double(min(max(record.attempts - 1, 0), 20))
                record.notBefore = now.addingTimeInterval(min(policy.retryPause * pow(2, doublings), 3600))
            }
        case .notRun(let waitingEnds):
            if now >= waitingEnds {
                record.state = .failed
            } else {
                // The pause doubles with each try, as it is as long as the event has waited.
                record.attempts = max(record.attempts - 1, 0)
                let waited = max(now.timeIntervalSince(record.createdAt), 0)
                let pause = min(max(waited, policy.retryPause), longestEnginePause)
                record.notBefore = min(now.addingTimeInterval(pause), waitingEnds)
            }
        }
        return record
    }

    /// Whether a lease read back from the store is the one a claim wrote: the stores keep an
    /// instant to the millisecond (SQLite) or the microsecond (PostgreSQL), so a lease taken
    /// on a live clock does not come back bit for bit. Two claims of one event never share an
    /// attempt, so a millisecond apart is the same lease.
    static func sameLease(_ stored: Date?, _ claimed: Date?) -> Bool {
        switch (stored, claimed) {
        case (nil, nil): true
        case (let stored?, let claimed?): abs(stored.timeIntervalSince(claimed)) < 0.001
        default: false
        }
    }

    /// Settled events are kept a day, then cleared away (the key of a change or a tick is not
    /// seen again after that).
    package static func clearedBefore(_ now: Date) -> Date { now.addingTimeInterval(-86_400) }
}
