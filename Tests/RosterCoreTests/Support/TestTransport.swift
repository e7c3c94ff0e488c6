import Foundation
import RosterCore
import RosterWire
import Synchronization

/// Wraps a real transport to a real server and records what goes through it. The only faults
/// it adds are those a real server cannot be made to produce: a dropped connection (`offline`)
/// and a rewritten answer (`rewrite`, e.g. a malformed token or a 503).
final class TestTransport: Transport {
    struct DroppedConnection: Error, CustomStringConvertible {
        var description: String { "connection reset by peer" }
    }

    struct LostAnswer: Error, CustomStringConvertible {
        var description: String { "timed out" }
    }

    /// Answers to lose: how many more, of requests to which route, and what to do with the
    /// time the client waited for each.
    private struct Losing {
        var count: Int
        var method: WireMethod
        var path: String
        var waited: @Sendable (TimeInterval) -> Void
    }

    private let base: any Transport
    private let state = Mutex<(requests: [WireRequest], offline: Bool)>(([], false))
    private let rewriter = Mutex<(@Sendable (WireRequest, WireResponse) -> WireResponse)?>(nil)
    private let losing = Mutex<Losing?>(nil)

    init(_ base: any Transport) {
        self.base = base
    }

    func send(_ request: WireRequest) async throws -> WireResponse {
        let offline = state.withLock { state in
            state.requests.append(request)
            return state.offline
        }
        if offline { throw DroppedConnection() }
        let lost = losing.withLock { losing -> Losing? in
            guard let current = losing, current.count > 0, current.method == request.method, current.path == request.path
            else { return nil }
            losing?.count -= 1
            return current
        }
        let response = try await base.send(request)
        if let lost {
            // The server did the work; the client waits out its whole time-out for nothing.
            lost.waited(request.timeout ?? 30)
            throw LostAnswer()
        }
        guard let rewrite = rewriter.withLock({ $0 }) else { return response }
        return rewrite(request, response)
    }

    var offline: Bool {
        get { state.withLock { $0.offline } }
        set { state.withLock { $0.offline = newValue } }
    }

    /// Loses the answers of the next `count` requests to one route: each reaches the server, which
    /// does its work, and the client waits its whole time-out (`waited` is told how long, to move
    /// a test clock by it) and gets nothing.
    func loseAnswers(_ count: Int, of method: WireMethod, _ path: String, waited: @escaping @Sendable (TimeInterval) -> Void) {
        losing.withLock { $0 = Losing(count: count, method: method, path: path, waited: waited) }
    }

    /// Changes answers from now on; `nil` to stop.
    func rewrite(_ body: (@Sendable (WireRequest, WireResponse) -> WireResponse)?) {
        rewriter.withLock { $0 = body }
    }

    /// Every request so far, in order.
    var requests: [WireRequest] { state.withLock { $0.requests } }

    /// Paths of every request so far, in order ("POST /api/…").
    var log: [String] { state.withLock { $0.requests.map { "\($0.method.rawValue) \($0.path)" } } }

    func count(_ method: WireMethod, _ path: String) -> Int {
        state.withLock { $0.requests.filter { $0.method == method && $0.path == path }.count }
    }

    func reset() { state.withLock { $0.requests.removeAll() } }
}
