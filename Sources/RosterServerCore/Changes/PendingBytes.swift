import Synchronization

/// What one change stream holds for a reader that has not taken it yet, in bytes, against its
/// bound (`changeStreamBufferBytes`): the bodies of changes waiting for the stream's filter, or
/// the events waiting for its connection. What would pass the bound is refused, except into an
/// empty backlog, so that one change larger than the bound still passes; the holder then ends
/// the stream rather than let it grow.
///
///     let pending = PendingBytes(limit: 1 << 20)
///     guard pending.add(text.utf8.count) else { /* end the stream */ }
///     pending.remove(text.utf8.count)   // the reader took it
package final class PendingBytes: Sendable {
    package let limit: Int
    private let count = Mutex(0)

    package init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Counts `bytes` in, unless that would pass the bound with something already pending
    /// (false, and nothing counted).
    package func add(_ bytes: Int) -> Bool {
        let bytes = max(0, bytes)
        return count.withLock { count in
            let (total, overflow) = count.addingReportingOverflow(bytes)
            guard count == 0 || (!overflow && total <= limit) else { return false }
            count = overflow ? .max : total
            return true
        }
    }

    /// Counts out what the reader took.
    package func remove(_ bytes: Int) {
        count.withLock { $0 = max(0, $0 - max(0, bytes)) }
    }

    /// The bytes pending now.
    package var bytes: Int { count.withLock { $0 } }

    /// A reader's iterator over `base`, counting out of the backlog each element it takes.
    package struct Taking<Element: PendingSize>: AsyncIteratorProtocol {
        var base: AsyncStream<Element>.Iterator
        let pending: PendingBytes

        package mutating func next() async -> Element? {
            guard let element = await base.next() else { return nil }
            pending.remove(element.bytes)
            return element
        }
    }

    /// Iterates `stream`, counting out of this backlog what is taken.
    package func taking<Element: PendingSize>(_ stream: AsyncStream<Element>) -> Taking<Element> {
        Taking(base: stream.makeAsyncIterator(), pending: self)
    }
}

/// What a `PendingBytes` counts a value while it waits.
package protocol PendingSize: Sendable {
    var bytes: Int { get }
}
