import Dispatch
import Synchronization

extension Array {
    /// `map` spread over the processor's cores, in order; for the thousands of stored users a
    /// screen reads at once. The first error thrown, if any, is rethrown.
    func parallelMap<T>(_ transform: @Sendable (Element) throws -> T) throws -> [T] {
        let chunks = Swift.min(count, 64)
        guard chunks > 1, count >= 128 else { return try map(transform) }
        var results = [T?](repeating: nil, count: count)
        let failure = Mutex<(any Error)?>(nil)
        let size = (count + chunks - 1) / chunks
        // Each chunk reads its own elements and writes its own slots.
        nonisolated(unsafe) let items = self
        results.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let range = Swift.min(items.count, chunk * size)..<Swift.min(items.count, (chunk + 1) * size)
                for index in range {
                    do {
                        slots[index] = try transform(items[index])
                    } catch {
                        failure.withLock { if $0 == nil { $0 = error } }
                        return
                    }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return results.map { $0! }
    }
}
