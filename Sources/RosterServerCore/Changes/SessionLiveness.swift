import Foundation
import Synchronization

/// Whether sessions still stand, asked of the store at most twice an interval per session
/// however many of its change streams ask (an answer is used for half an interval): a client
/// with many streams open (a web app's tabs, a dashboard) costs two reads an interval, not one a
/// stream, and a stream still learns of its session's end within one and a half intervals.
package final class SessionLiveness: Sendable {
    private let sessions: SessionService
    private let interval: Duration
    private let known = Mutex<[String: (at: ContinuousClock.Instant, live: Bool)]>([:])

    package init(sessions: SessionService, interval: Duration) {
        self.sessions = sessions
        self.interval = interval
    }

    package func isLive(_ caller: AuthorizedSession) async -> Bool {
        let now = ContinuousClock.now
        let id = caller.session.id
        if let cached = known.withLock({ $0[id] }), now - cached.at < interval / 2 { return cached.live }
        let live = await sessions.isLive(caller)
        known.withLock { known in
            known[id] = (now, live)
            // What no stream asked for in two intervals is forgotten.
            if known.count > 64 { known = known.filter { now - $0.value.at < interval * 2 } }
        }
        return live
    }
}
