import GRDB
import Synchronization

/// Copies the store's write-ahead log back into the database file from a connection of its own,
/// so that no commit ever does it. SQLite's default (`wal_autocheckpoint`) runs the checkpoint on
/// the commit that fills the log past 1,000 pages: that commit, and every write queued behind it,
/// waits while the log is copied and synced, which under a flood of refused log-ins landed on
/// other people's log-ins. The store turns that off on its connections; this runs a passive
/// checkpoint now and then instead. A passive checkpoint never waits for a lock and never blocks
/// a writer: it copies what no reader still needs, and the log starts over once all of it is in.
///
///     let checkpointer = try WALCheckpointer(path: path, every: .seconds(1))
package final class WALCheckpointer: Sendable {
    /// What one checkpoint found: frames in the log, and how many of them are now in the file.
    package struct Pass: Equatable, Sendable {
        package let frames: Int
        package let checkpointed: Int

        package init(frames: Int, checkpointed: Int) {
            self.frames = frames
            self.checkpointed = checkpointed
        }
    }

    private let connection: DatabaseQueue
    private let passes = Mutex<(count: Int, last: Pass?)>((0, nil))
    private let loop = Mutex<Task<Void, Never>?>(nil)

    /// Opens its own connection to the database at `path` (already in WAL mode) and checkpoints
    /// every `interval` until it is deinitialised.
    package init(path: String, every interval: Duration) throws {
        var configuration = Configuration()
        configuration.label = "roster-server.checkpoint"
        connection = try DatabaseQueue(path: path, configuration: configuration)
        let task = Task.detached(priority: .utility) { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let self else { return }
                _ = try? await self.checkpoint()
            }
        }
        loop.withLock { $0 = task }
    }

    deinit {
        loop.withLock { $0?.cancel() }
    }

    /// Runs one passive checkpoint now.
    @discardableResult
    package func checkpoint() async throws -> Pass {
        let result = try await connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        let pass = Pass(frames: result.walFrameCount, checkpointed: result.checkpointedFrameCount)
        passes.withLock { $0 = ($0.count + 1, pass) }
        return pass
    }

    /// How many checkpoints have run, and what the last one found.
    package var history: (count: Int, last: Pass?) { passes.withLock { $0 } }
}
