import Foundation
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
/// Under a steady load some reader is always in the log, so it never starts over and only grows
/// (to 680 MB in 20 s of inserts), each commit writing past the end of the file (docs/BENCHMARKS.md,
/// R9). So a pass that finds the log past `restartFrames` (after its passive copy, little is left
/// to copy) restarts it: it takes the writer's lock (waiting at most `restartWait` for it) and
/// waits at most `restartWait` again for the readers that began before it (those that begin
/// after it read the file alone); the next commits then write over the log from its start.
/// Readers still in it after the wait leave the restart to the next pass.
///
///     let checkpointer = try WALCheckpointer(path: path, every: .seconds(1))
package final class WALCheckpointer: Sendable {
    /// What one checkpoint found: frames in the log, how many of them its passive copy put in
    /// the file, and whether the log was then restarted.
    package struct Pass: Equatable, Sendable {
        package let frames: Int
        package let checkpointed: Int
        package let restarted: Bool

        package init(frames: Int, checkpointed: Int, restarted: Bool = false) {
            self.frames = frames
            self.checkpointed = checkpointed
            self.restarted = restarted
        }
    }

    /// How large the log may grow before a pass restarts it: SQLite's own default point (1,000
    /// pages, about 4 MB).
    package static let restartFrames = 1_000
    /// How long a restart waits for the writer's lock, and then for the readers already in the log.
    package static let restartWait: TimeInterval = 0.1

    private let connection: DatabaseQueue
    private let passes = Mutex<(count: Int, last: Pass?)>((0, nil))
    private let loop = Mutex<Task<Void, Never>?>(nil)

    /// Opens its own connection to the database at `path` (already in WAL mode) and checkpoints
    /// every `interval` until it is deinitialised.
    package init(path: String, every interval: Duration) throws {
        var configuration = Configuration()
        configuration.label = "roster-server.checkpoint"
        // Waited on by a restart only: a passive checkpoint never waits.
        configuration.busyMode = .timeout(Self.restartWait)
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

    /// Runs one passive checkpoint now, and restarts the log when it is past `restartFrames`.
    @discardableResult
    package func checkpoint() async throws -> Pass {
        let pass = try await connection.writeWithoutTransaction { db -> Pass in
            let copied = try db.checkpoint(.passive)
            let (frames, checkpointed) = (copied.walFrameCount, copied.checkpointedFrameCount)
            guard frames >= Self.restartFrames else { return Pass(frames: frames, checkpointed: checkpointed) }
            do {
                try db.checkpoint(.restart)
                return Pass(frames: frames, checkpointed: checkpointed, restarted: true)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                return Pass(frames: frames, checkpointed: checkpointed)
            }
        }
        passes.withLock { $0 = ($0.count + 1, pass) }
        return pass
    }

    /// How many checkpoints have run, and what the last one found.
    package var history: (count: Int, last: Pass?) { passes.withLock { $0 } }
}
