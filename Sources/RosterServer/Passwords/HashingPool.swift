import Foundation
import RosterWire
import Synchronization

/// Where password hashing runs: at most `width` scrypt computations at once (each takes its
/// memory, 32 MiB at the default cost), at most `queueLimit` more waiting, none waiting longer
/// than `waitLimit`. Past that the work is refused at once with `HashingBusy`, which the routes
/// answer 503 with `Retry-After`: a flood of log-ins slows nobody else and cannot make the server
/// queue work without end.
///
///     let pool = HashingPool(width: 2, queueLimit: 8, waitLimit: .seconds(2))
///     let hash = try await pool.run { try hasher.hash(password) }
public final class HashingPool: Sendable {
    public let width: Int
    public let queueLimit: Int
    public let waitLimit: Duration

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var waiting: [Waiter] = []
        var nextId: UInt64 = 0
    }

    private let state = Mutex(State())

    public init(
        width: Int = ProcessInfo.processInfo.activeProcessorCount, queueLimit: Int? = nil, waitLimit: Duration = .seconds(2)
    ) {
        self.width = max(1, width)
        self.queueLimit = max(0, queueLimit ?? 4 * max(1, width))
        self.waitLimit = waitLimit
    }

    /// How many computations run and wait now.
    public var load: (running: Int, waiting: Int) {
        state.withLock { ($0.running, $0.waiting.count) }
    }

    /// Runs `work` on a thread of its own once a place is free; `HashingBusy` when none is free
    /// and the queue is full, or none came free within the wait limit.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try work() }) }
        }
    }

    private func acquire() async throws {
        enum Decision { case go, busy, wait(UInt64) }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let decision: Decision = state.withLock { state in
                if state.running < width {
                    state.running += 1
                    return .go
                }
                guard state.waiting.count < queueLimit else { return .busy }
                state.nextId += 1
                state.waiting.append(Waiter(id: state.nextId, continuation: continuation))
                return .wait(state.nextId)
            }
            switch decision {
            case .go: continuation.resume()
            case .busy: continuation.resume(throwing: HashingBusy())
            case .wait(let id):
                let limit = waitLimit
                Task {
                    try? await Task.sleep(for: limit)
                    self.giveUp(id)
                }
            }
        }
    }

    /// A waiter still waiting when its limit passes leaves the queue, refused.
    private func giveUp(_ id: UInt64) {
        let waiter: Waiter? = state.withLock { state in
            guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiting.remove(at: index)
        }
        waiter?.continuation.resume(throwing: HashingBusy())
    }

    /// Hands the place to the longest waiter, or frees it.
    private func release() {
        let next: Waiter? = state.withLock { state in
            if state.waiting.isEmpty {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.continuation.resume()
    }
}

/// Password hashing is at capacity: 503 `ServiceUnavailable` with `Retry-After`.
struct HashingBusy: RetryLater, Sendable {
    var retryAfterSeconds: Int { 1 }
    var response: ErrorResponse { ErrorResponse(.serviceUnavailable, "the server is busy; try again in a moment") }
}
