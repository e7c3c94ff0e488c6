import Foundation
import RosterCore
import Synchronization

/// A clock tests move by hand, shared by the device and the server. `sleep` returns at once
/// and is counted, so retry backoff never slows a test.
final class TestClock: RosterClock {
    private let state: Mutex<(now: Date, sleeps: [TimeInterval])>

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        state = Mutex((start, []))
    }

    func now() -> Date { state.withLock { $0.now } }

    func sleep(for seconds: TimeInterval) async throws {
        state.withLock { $0.sleeps.append(seconds) }
    }

    func advance(by seconds: TimeInterval) {
        state.withLock { $0.now = $0.now.addingTimeInterval(seconds) }
    }

    /// Every wait asked for so far.
    var sleeps: [TimeInterval] { state.withLock { $0.sleeps } }
}

/// A device clock that is wrong by a fixed amount relative to another clock (BEHAVIOURS 30).
struct OffsetClock: RosterClock {
    let base: TestClock
    let offset: TimeInterval

    func now() -> Date { base.now().addingTimeInterval(offset) }
    func sleep(for seconds: TimeInterval) async throws { try await base.sleep(for: seconds) }
}
