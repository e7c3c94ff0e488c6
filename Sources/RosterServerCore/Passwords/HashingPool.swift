import Foundation
import RosterWire

/// Where password hashing runs: at most `width` scrypt computations at once (each takes its
/// memory, 32 MiB at the default cost), at most `queueLimit` more waiting, none waiting longer
/// than `waitLimit`. Past that the work is refused at once with `HashingBusy`, which the routes
/// answer 503 with `Retry-After`: a flood of log-ins slows nobody else and cannot make the server
/// queue work without end.
///
///     let pool = HashingPool(width: 2, queueLimit: 8, waitLimit: .seconds(2))
///     let hash = try await pool.run { try hasher.hash(password) }
public final class HashingPool: Sendable {
    private let slots: ConcurrencyLimit<Never>

    public var width: Int { slots.width }
    public var queueLimit: Int { slots.queueLimit }
    public var waitLimit: Duration { slots.waitLimit }

    public init(
        width: Int = ProcessInfo.processInfo.activeProcessorCount, queueLimit: Int? = nil, waitLimit: Duration = .seconds(2)
    ) {
        slots = ConcurrencyLimit(width: width, queueLimit: queueLimit, waitLimit: waitLimit)
    }

    /// How many computations run and wait now.
    public var load: (running: Int, waiting: Int) { slots.load }

    /// Runs `work` on a thread of its own once a place is free; `HashingBusy` when none is free
    /// and the queue is full, or none came free within the wait limit.
    package func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        do {
            try await slots.enter(nil)
        } catch is ConcurrencyLimit<Never>.Refusal {
            throw HashingBusy()
        }
        defer { slots.leave(nil) }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try work() }) }
        }
    }
}

/// Password hashing is at capacity: 503 `ServiceUnavailable` with `Retry-After`.
package struct HashingBusy: RetryLater, Sendable {
    package var retryAfterSeconds: Int { 1 }
    package var response: ErrorResponse { ErrorResponse(.serviceUnavailable, "the server is busy; try again in a moment") }
}
