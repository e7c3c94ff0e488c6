import GRDB
import Synchronization

/// A few read-only connections to the store's file that read on the calling thread, for the
/// reads behind every authorized request: a few indexed lookups take less time than handing
/// them to a reader's queue of the pool and waking the task again afterwards.
///
/// A connection is taken only when one is idle, and never waited for: when all are in use the
/// caller reads through the pool as usual. So a task never blocks its thread for anything but
/// its own read, and reads that depend on other tasks to finish cannot deadlock it.
///
///     if let session = try readers.read({ db in try SessionRecord.fetchOne(db, key: id) }) { … }
package final class CallingThreadReaders: Sendable {
    private let idle: Mutex<[DatabaseQueue]>

    /// `count` connections to the database at `path`, which must exist and be in WAL mode.
    package init(path: String, count: Int, configuration base: Configuration) throws {
        var configuration = base
        configuration.readonly = true
        configuration.label = (base.label ?? "store") + ".calling-thread-reader"
        idle = Mutex(try (0..<count).map { _ in try DatabaseQueue(path: path, configuration: configuration) })
    }

    /// `body`'s result, read on an idle connection on this thread, in one transaction unless
    /// `inTransaction` is false (for a single statement, which reads one snapshot by itself);
    /// nil, without reading, when every connection is in use.
    package func read<T>(inTransaction: Bool = true, _ body: (Database) throws -> T) throws -> T? {
        guard let connection = idle.withLock({ $0.popLast() }) else { return nil }
        defer { idle.withLock { $0.append(connection) } }
        return inTransaction ? try connection.read(body) : try connection.unsafeRead(body)
    }
}
