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

    private let base: any Transport
    private let state = Mutex<(requests: [WireRequest], offline: Bool)>(([], false))
    private let rewriter = Mutex<(@Sendable (WireRequest, WireResponse) -> WireResponse)?>(nil)

    init(_ base: any Transport) {
        self.base = base
    }

    func send(_ request: WireRequest) async throws -> WireResponse {
        let offline = state.withLock { state in
            state.requests.append(request)
            return state.offline
        }
        if offline { throw DroppedConnection() }
        let response = try await base.send(request)
        guard let rewrite = rewriter.withLock({ $0 }) else { return response }
        return rewrite(request, response)
    }

    var offline: Bool {
        get { state.withLock { $0.offline } }
        set { state.withLock { $0.offline = newValue } }
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
