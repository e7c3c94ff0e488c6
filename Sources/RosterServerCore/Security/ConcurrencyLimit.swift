import Synchronization

/// A limit on concurrent work that must not pile up: at most `width` run at once and at most `perOwner`
/// for any one owner. Past the owner's share a request is refused at once; past the slots it
/// waits in line (at most `queueLimit` waiting, each at most `waitLimit`) and is then refused.
/// The hashing pool and the function limits are each one of these.
///
///     let slots = ConcurrencyLimit<String>(width: 8, perOwner: 2, waitLimit: .seconds(2))
///     try await slots.enter("emma")   // ConcurrencyLimit.Refusal when there is no slot
///     defer { slots.leave("emma") }
package final class ConcurrencyLimit<Owner: Hashable & Sendable>: Sendable {
    /// Why a request got no slot.
    package enum Refusal: Error, Equatable {
        /// The owner already holds (or waits for) its share.
        case ownerAtLimit
        /// Every slot is taken and the line is full, or the wait ran out.
        case full
    }

    package let width: Int
    package let perOwner: Int
    package let queueLimit: Int
    package let waitLimit: Duration

    private enum Decision { case go, refused(Refusal), wait(UInt64) }

    private struct Waiter {
        package let id: UInt64
        package let owner: Owner?
        package let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        package var running = 0
        package var waiting: [Waiter] = []
        package var nextId: UInt64 = 0
        /// Running and waiting requests per owner; an owner with none has no entry.
        package var byOwner: [Owner: Int] = [:]

        package mutating func count(_ owner: Owner?) {
            guard let owner else { return }
            byOwner[owner, default: 0] += 1
        }

        package mutating func uncount(_ owner: Owner?) {
            guard let owner else { return }
            let left = byOwner[owner, default: 1] - 1
            byOwner[owner] = left > 0 ? left : nil
        }
    }

    private let state = Mutex(State())

    /// `queueLimit` defaults to four times the width.
    package init(width: Int, perOwner: Int = .max, queueLimit: Int? = nil, waitLimit: Duration) {
        self.width = max(1, width)
        self.perOwner = max(1, perOwner)
        self.queueLimit = max(0, queueLimit ?? 4 * max(1, width))
        self.waitLimit = waitLimit
    }

    /// How many requests hold a place, and how many wait for one.
    package var load: (running: Int, waiting: Int) {
        state.withLock { ($0.running, $0.waiting.count) }
    }

    /// Takes a place for `owner` (nil: counted against no owner), waiting in line if need be;
    /// `Refusal` when there is none. Every place taken is given back with `leave`.
    package func enter(_ owner: Owner?) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let decision: Decision = state.withLock { state in
                if let owner, state.byOwner[owner, default: 0] >= perOwner { return .refused(.ownerAtLimit) }
                if state.running < width {
                    state.running += 1
                    state.count(owner)
                    return .go
                }
                guard waitLimit > .zero, state.waiting.count < queueLimit else { return .refused(.full) }
                state.nextId += 1
                state.count(owner)
                state.waiting.append(Waiter(id: state.nextId, owner: owner, continuation: continuation))
                return .wait(state.nextId)
            }
            switch decision {
            case .go: continuation.resume()
            case .refused(let refusal): continuation.resume(throwing: refusal)
            case .wait(let id):
                let limit = waitLimit
                Task {
                    try? await Task.sleep(for: limit)
                    self.giveUp(id)
                }
            }
        }
    }

    /// Gives the place back: to the longest waiter, or free.
    package func leave(_ owner: Owner?) {
        let next: Waiter? = state.withLock { state in
            state.uncount(owner)
            if state.waiting.isEmpty {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.continuation.resume()
    }

    /// A waiter still waiting when its limit passes leaves the line, refused.
    private func giveUp(_ id: UInt64) {
        let waiter: Waiter? = state.withLock { state in
            guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
            let waiter = state.waiting.remove(at: index)
            state.uncount(waiter.owner)
            return waiter
        }
        waiter?.continuation.resume(throwing: Refusal.full)
    }
}
