import Foundation
import RosterServerCore
import RosterWire
import Synchronization
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The two pipes between roster-server and one worker process, used without a hop through
/// Swift's task executor: a thread of the pipe's own blocks reading the worker's frames and hands
/// each to the reader's closure as it arrives, and `send` writes a frame at once from the
/// caller's thread. Only a frame the pipe cannot take whole (the worker is busy and not reading)
/// waits, with what follows it, for a writer thread: the caller never blocks.
///
///     let pipe = try WorkerPipe()
///     // start the process with pipe.childInput and pipe.childOutput, then:
///     let intact = await pipe.read(limit: 64 << 20) { frame in … }
///     pipe.send(FrameReader.frame(["run": job]))
final class WorkerPipe: Sendable {
    /// The worker's ends: its standard input and output, closed here once it has started.
    let childInput: FileDescriptor
    let childOutput: FileDescriptor
    /// Roster's ends: the one it writes frames to (non-blocking) and the one it reads them from.
    private let toWorker: Int32
    private let fromWorker: Int32
    private let writing = Mutex(Writing())

    private struct Writing {
        /// What the pipe could not take yet, in order; a writer thread is flushing it.
        var backlog: [UInt8] = []
        /// No more writing: the worker has gone or the pipe is closed.
        var closed = false
        /// Roster's ends are closed.
        var released = false
    }

    init() throws(Errno) {
        let input = try FileDescriptor.pipe(options: .closeOnExec)
        let output: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        do {
            output = try FileDescriptor.pipe(options: .closeOnExec)
        } catch {
            try? input.readEnd.close()
            try? input.writeEnd.close()
            throw error
        }
        toWorker = input.writeEnd.rawValue
        _ = fcntl(toWorker, F_SETFL, fcntl(toWorker, F_GETFL) | O_NONBLOCK)
        childInput = input.readEnd
        fromWorker = output.readEnd.rawValue
        childOutput = output.writeEnd
    }

    /// Writes `frame` now, or after the frames still waiting; nothing once the pipe is closed or
    /// the worker has gone.
    func send(_ frame: [UInt8]) {
        let flush = writing.withLock { state -> Bool in
            guard !state.closed else { return false }
            guard state.backlog.isEmpty else {
                state.backlog += frame
                return false
            }
            guard let written = Self.write(frame, to: toWorker) else {
                state.closed = true
                return false
            }
            guard written < frame.count else { return false }
            state.backlog = Array(frame[written...])
            return true
        }
        if flush { Thread.detachNewThread { self.flushBacklog() } }
    }

    /// Writes the backlog as the worker reads it, until it is all written or the pipe closes.
    private func flushBacklog() {
        while true {
            var ready = pollfd(fd: toWorker, events: Int16(POLLOUT), revents: 0)
            _ = poll(&ready, 1, 200)
            let done = writing.withLock { state -> Bool in
                guard !state.closed else { return true }
                guard let written = Self.write(state.backlog, to: toWorker) else {
                    state.closed = true
                    state.backlog = []
                    return true
                }
                state.backlog.removeFirst(written)
                return state.backlog.isEmpty
            }
            if done { return }
        }
    }

    /// Writes what the non-blocking pipe takes now: how much, or nil when the worker is gone.
    private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int? {
        bytes.withUnsafeBytes { buffer -> Int? in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                    break
                } else {
                    return nil
                }
            }
            return offset
        }
    }

    /// Reads the worker's frames on a thread of its own, handing each to `each` there, until the
    /// worker's output ends (true) or holds a broken frame (false); then closes Roster's ends.
    func read(limit: Int, each: @escaping @Sendable (JSONValue) -> Void) async -> Bool {
        let descriptor = fromWorker
        let intact = await withCheckedContinuation { (ended: CheckedContinuation<Bool, Never>) in
            let thread = Thread {
                var reader = FrameReader(limit: limit)
                var chunk = [UInt8](repeating: 0, count: 64 << 10)
                var intact = true
                reading: while true {
                    let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                    if count == 0 { break }
                    if count < 0 {
                        if errno == EINTR { continue }
                        break
                    }
                    chunk.withUnsafeBytes { reader.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                    do {
                        while let frame = try reader.next() { each(frame) }
                    } catch {
                        intact = false
                        break reading
                    }
                }
                ended.resume(returning: intact)
            }
            thread.name = "roster-function-worker"
            thread.start()
        }
        close()
        return intact
    }

    /// Closes Roster's ends, once: a worker still running reads the end of its input.
    func close() {
        writing.withLock { state in
            guard !state.released else { return }
            state.released = true
            state.closed = true
            state.backlog = []
            _ = Glibc.close(toWorker)
            _ = Glibc.close(fromWorker)
        }
    }
}
