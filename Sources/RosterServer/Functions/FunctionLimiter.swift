import Foundation
import RosterWire
import Synchronization

/// How many function commands of one app run at once (each is a process of its own): at most
/// `perApp` in all and `perCaller` for any one caller (a user, or the client address of a
/// custom-function log-in, which has no user yet). A call past the caller's share is refused at
/// once; a call the app has no place for waits at most `waitLimit` (with at most `queueLimit`
/// others) and is then refused. Refused calls run nothing.
///
/// The counts live in memory: running commands belong to this process, so another process on
/// the same store has its own.
///
///     let limiter = FunctionLimiter(perApp: 8, perCaller: 2, waitLimit: .seconds(2))
///     let answer = try await limiter.run(for: .user(id)) { try await function.call(input) }
final class FunctionLimiter: Sendable {
    let perApp: Int
    let perCaller: Int
    let queueLimit: Int
    let waitLimit: Duration

    private struct Waiter {
        let id: UInt64
        let caller: FunctionCaller
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var waiting: [Waiter] = []
        var nextId: UInt64 = 0
        /// Running and waiting calls per caller; a caller with none has no entry.
        var byCaller: [FunctionCaller: Int] = [:]

        mutating func uncount(_ caller: FunctionCaller) {
            let left = byCaller[caller, default: 1] - 1
            byCaller[caller] = left > 0 ? left : nil
        }
    }

    private let state = Mutex(State())

    init(perApp: Int, perCaller: Int, queueLimit: Int? = nil, waitLimit: Duration) {
        self.perApp = max(1, perApp)
        self.perCaller = max(1, perCaller)
        self.queueLimit = max(0, queueLimit ?? 4 * max(1, perApp))
        self.waitLimit = waitLimit
    }

    convenience init(limits: LimitsConfig) {
        self.init(perApp: limits.functionsPerApp, perCaller: limits.functionsPerCaller, waitLimit: .seconds(limits.functionWaitSeconds))
    }

    /// How many calls run and wait now.
    var load: (running: Int, waiting: Int) {
        state.withLock { ($0.running, $0.waiting.count) }
    }

    /// Runs `work` once the app and the caller have a place for it; `FunctionLimitReached` when
    /// they have none.
    func run<T: Sendable>(for caller: FunctionCaller, _ work: () async throws -> T) async throws -> T {
        try await acquire(caller)
        defer { release(caller) }
        return try await work()
    }

    private func acquire(_ caller: FunctionCaller) async throws {
        enum Decision { case go, refused(FunctionLimitReached), wait(UInt64) }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let decision: Decision = state.withLock { state in
                guard state.byCaller[caller, default: 0] < perCaller else { return .refused(FunctionLimitReached(limit: .caller)) }
                if state.running < perApp {
                    state.running += 1
                    state.byCaller[caller, default: 0] += 1
                    return .go
                }
                guard waitLimit > .zero, state.waiting.count < queueLimit else { return .refused(FunctionLimitReached(limit: .app)) }
                state.nextId += 1
                state.byCaller[caller, default: 0] += 1
                state.waiting.append(Waiter(id: state.nextId, caller: caller, continuation: continuation))
                return .wait(state.nextId)
            }
            switch decision {
            case .go: continuation.resume()
            case .refused(let limit): continuation.resume(throwing: limit)
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
            let waiter = state.waiting.remove(at: index)
            state.uncount(waiter.caller)
            return waiter
        }
        waiter?.continuation.resume(throwing: FunctionLimitReached(limit: .app))
    }

    /// Hands the place to the longest waiter, or frees it.
    private func release(_ caller: FunctionCaller) {
        let next: Waiter? = state.withLock { state in
            state.uncount(caller)
            if state.waiting.isEmpty {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.continuation.resume()
    }
}

/// Whom a function command runs for: a signed-in user, or the client address of a log-in.
enum FunctionCaller: Hashable, Sendable {
    case user(String)
    case address(String)
}

/// A function command refused for want of a place, with `Retry-After`.
///
/// The caller's own limit is 429 `TooManyRequests`: it is this client that sends too much at
/// once, other callers are served, and clients already wait and retry on 429 for the log-in
/// limits. The app's limit is 503 `ServiceUnavailable`, as for the hashing pool: the app is at
/// capacity for everyone, through no fault of this client, and a client (or a load balancer)
/// retries later or elsewhere.
struct FunctionLimitReached: RetryLater, Sendable, Equatable {
    enum Limit: Sendable, Equatable { case caller, app }
    let limit: Limit

    var retryAfterSeconds: Int { 1 }

    var response: ErrorResponse {
        switch limit {
        case .caller: ErrorResponse(.tooManyRequests, "too many functions running for you at once; try again in a moment")
        case .app: ErrorResponse(.serviceUnavailable, "the app's functions are busy; try again in a moment")
        }
    }
}
