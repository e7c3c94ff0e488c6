import Foundation
import Synchronization

/// Hands each change to every open stream. Each `stream()` call is a new subscriber; a
/// stream that is dropped or cancelled unsubscribes itself.
final class ChangeBroadcaster: Sendable {
    private let subscribers = Mutex<[UUID: AsyncStream<AppChange>.Continuation]>([:])

    init() {}

    func stream() -> AsyncStream<AppChange> {
        let (stream, continuation) = AsyncStream<AppChange>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let id = UUID()
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        return stream
    }

    func publish(_ change: AppChange) {
        let targets = subscribers.withLock { Array($0.values) }
        for continuation in targets { continuation.yield(change) }
    }

    deinit {
        let targets = subscribers.withLock { Array($0.values) }
        for continuation in targets { continuation.finish() }
    }
}
