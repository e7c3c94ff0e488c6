import Dispatch
import Foundation
import Synchronization

/// Where the server's log lines go: a file descriptor written through a buffer. A line is kept
/// until the buffer holds `bufferLimit` bytes or `flushInterval` has passed since the first line
/// kept, so that a busy server makes a few writes a second instead of one a request; a line that
/// must be seen at once (`now`, for warnings and errors) is written with everything before it.
/// Lines are written whole and in the order they came, whatever the thread.
///
/// The timestamp of the lines is formatted once a second, not once a line: the C library's
/// `localtime` looks at the time zone file again on every call, under a lock every thread shares.
///
///     let output = LogOutput.standardError
///     output.append(stamping: "info roster-server: [RosterServer] started\n", now: false)
///     output.flush()          // before the process exits
public final class LogOutput: Sendable {
    /// The process's standard error, flushed by the process's exit too (see `flushAtExit`).
    public static let standardError = LogOutput(fileDescriptor: STDERR_FILENO)

    private struct State {
        package var buffer: [UInt8] = []
        package var flushScheduled = false
        package var stampedSecond: time_t = -1
        package var stamp = ""
    }

    private let fileDescriptor: Int32
    private let flushInterval: Duration
    private let bufferLimit: Int
    private let clock: @Sendable () -> time_t
    private let state = Mutex(State())
    private let flusher = DispatchQueue(label: "roster-server.log-output")

    /// Writes to `fileDescriptor` (left open), at the latest `flushInterval` after a line came,
    /// or as soon as `bufferLimit` bytes wait. `clock` gives the seconds the timestamps show.
    public init(
        fileDescriptor: Int32, flushInterval: Duration = .milliseconds(100), bufferLimit: Int = 64 * 1024,
        clock: @escaping @Sendable () -> time_t = { time(nil) }
    ) {
        self.fileDescriptor = fileDescriptor
        self.flushInterval = flushInterval
        self.bufferLimit = bufferLimit
        self.clock = clock
    }

    /// The current second as `2026-11-26T12:00:00+0000` (local time, as swift-log's own
    /// `StreamLogHandler` writes it).
    public func timestamp() -> String {
        let now = clock()
        return state.withLock { state in Self.stamp(now, in: &state) }
    }

    /// Keeps a line, the current second's timestamp, a space and `rest` (which ends in a
    /// newline), for the next write; with `now`, writes it and everything kept before it at
    /// once. One lock for the stamp and the line.
    public func append(stamping rest: String, now: Bool) {
        let second = clock()
        state.withLock { state in
            state.buffer.append(contentsOf: Self.stamp(second, in: &state).utf8)
            state.buffer.append(0x20)
            state.buffer.append(contentsOf: rest.utf8)
            if now || state.buffer.count >= bufferLimit {
                write(&state.buffer)
            } else if !state.flushScheduled {
                state.flushScheduled = true
                let milliseconds = Int(flushInterval.components.seconds * 1000 + flushInterval.components.attoseconds / 1_000_000_000_000_000)
                flusher.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { [weak self] in self?.flush() }
            }
        }
    }

    /// Writes every line kept so far.
    public func flush() {
        state.withLock { state in
            state.flushScheduled = false
            write(&state.buffer)
        }
    }

    /// Registers a flush of `standardError` for when the process exits through `exit`, so that
    /// no line is lost to the buffer on the way out.
    public static func flushAtExit() {
        atexit { LogOutput.standardError.flush() }
    }

    /// Writes `bytes` whole (retrying short writes and interruptions) and empties them. Called
    /// with the state locked, so that writes keep the lines' order; a reader that stops reading
    /// a pipe holds the server's log lines up, as it did one line at a time before.
    private func write(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return  // the log cannot be written (closed, no space): the lines are dropped, not kept forever
                }
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }

    /// The timestamp of `second`, formatted only when the second has changed.
    private static func stamp(_ second: time_t, in state: inout State) -> String {
        if state.stampedSecond != second {
            state.stampedSecond = second
            state.stamp = format(second)
        }
        return state.stamp
    }

    private static func format(_ seconds: time_t) -> String {
        var seconds = seconds
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "<unknown>" }
        var characters = [Int8](repeating: 0, count: 64)
        let length = strftime(&characters, characters.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: characters.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
