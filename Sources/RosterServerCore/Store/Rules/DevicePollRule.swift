import Foundation

/// What a poll of a device authorization answers, the same for every store driver: a used
/// code is unknown, an expired one expired whatever it was, one polled sooner than its interval
/// slows down (RFC 8628 §3.5), and otherwise its state.
package enum DevicePollRule {
    /// Decides the poll and records it in `record` (its last poll, and a longer interval on a
    /// slow-down), for the store to write back.
    package static func decide(_ record: inout DeviceAuthorizationRecord, now: Date, slowDownStep: Int) -> DevicePoll {
        guard record.state != .used else { return .unknown }
        guard record.expiresAt > now else { return .expired }
        let last = record.lastPollAt
        record.lastPollAt = now
        if let last, now < last.addingTimeInterval(TimeInterval(record.intervalSeconds)) {
            record.intervalSeconds += slowDownStep
            return .slowDown(interval: record.intervalSeconds)
        }
        switch record.state {
        case .pending: return .pending
        case .denied: return .denied
        case .approved: return .approved(record)
        case .used: return .unknown
        }
    }

    /// The state, user id and provider columns a decision writes.
    package static func columns(of decision: DeviceDecision) -> (DeviceAuthorizationRecord.State, String?, String?) {
        switch decision {
        case .approved(let userId, let provider): (.approved, userId, provider)
        case .denied: (.denied, nil, nil)
        }
    }
}
