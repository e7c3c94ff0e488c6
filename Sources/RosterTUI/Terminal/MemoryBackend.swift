import Foundation
import Synchronization

/// A terminal in memory: keys are queued by a test, frames are kept as buffers. Draws and key
/// reads come from the program's thread; `press`, `screen` and `resize` from anywhere.
public final class MemoryBackend: TerminalBackend, Sendable {
    private struct State {
        var size: TerminalSize
        var keys: [Key] = []
        /// What the terminal shows: the frames drawn, and whatever else wrote on it since.
        var screen: ScreenBuffer
        /// The last frame drawn: a draw writes only the rows that differ from it, as curses does.
        var drawn: ScreenBuffer?
        var frames = 0
        var suspensions = 0
        var copied: [String] = []
        var rowsWritten = 0
        /// The text of the rows the last draws wrote, oldest first, at most `rowsKept` of them.
        var written: [String] = []
        var closed = false
    }

    private let state: Mutex<State>

    /// How many written rows `shownLines` keeps: a few hundred frames' worth of changes.
    public static let rowsKept = 10_000

    public init(size: TerminalSize = TerminalSize(width: 100, height: 30)) {
        state = Mutex(State(size: size, screen: ScreenBuffer(width: size.width, height: size.height)))
    }

    public var size: TerminalSize { state.withLock { $0.size } }

    /// Queues keys as if typed.
    public func press(_ keys: Key...) { press(keys) }

    public func press(_ keys: [Key]) { state.withLock { $0.keys += keys } }

    /// Queues each character of `text` as a key.
    public func type(_ text: String) { press(text.map { Key.char($0) }) }

    /// Queues `text` as one bracketed paste, as a terminal with bracketed paste on sends it.
    public func paste(_ text: String) { press(.paste(text)) }

    /// Changes the size and queues the resize event a terminal would send.
    public func resize(to size: TerminalSize) {
        state.withLock {
            $0.size = size
            $0.keys.append(.resize(width: size.width, height: size.height))
        }
    }

    /// The last frame drawn.
    public var screen: ScreenBuffer { state.withLock { $0.screen } }

    /// The last frame's text, one string per row.
    public var lines: [String] { screen.lines() }

    /// The text of every row drawn lately, oldest first, whether or not it is still on the screen:
    /// for a message that stays only seconds, which a test on a loaded machine may read late.
    public var shownLines: [String] { state.withLock { $0.written } }

    /// How many frames were drawn, and how many rows they wrote in all.
    public var drawCounts: (frames: Int, rowsWritten: Int) { state.withLock { ($0.frames, $0.rowsWritten) } }

    public var isClosed: Bool { state.withLock { $0.closed } }

    public func nextKey(waitingAtMost milliseconds: Int) -> Key? {
        let deadline = Date().addingTimeInterval(Double(milliseconds) / 1000)
        while true {
            if let key = state.withLock({ $0.keys.isEmpty ? nil : $0.keys.removeFirst() }) { return key }
            if Date() >= deadline { return nil }
            Thread.sleep(forTimeInterval: 0.002)
        }
    }

    public func draw(_ buffer: ScreenBuffer) {
        state.withLock {
            let rows = buffer.diff(from: $0.drawn ?? ScreenBuffer(width: $0.screen.width, height: $0.screen.height))
            if $0.screen.width != buffer.width || $0.screen.height != buffer.height {
                $0.screen = buffer
            } else {
                for row in rows { $0.screen.copyRow(row, from: buffer) }
            }
            $0.rowsWritten += rows.count
            $0.written += rows.map(buffer.line)
            if $0.written.count > Self.rowsKept { $0.written.removeFirst($0.written.count - Self.rowsKept) }
            $0.frames += 1
            $0.drawn = buffer
        }
    }

    public func redrawAll() { state.withLock { $0.drawn = nil } }

    /// Counts the suspension; a memory terminal does not stop.
    public func suspend() {
        state.withLock {
            $0.suspensions += 1
            $0.drawn = nil
        }
    }

    public func copyToClipboard(_ text: String) { state.withLock { $0.copied.append(text) } }

    /// What the program put on the clipboard, in order.
    public var copied: [String] { state.withLock { $0.copied } }

    /// How many times the program suspended itself.
    public var suspensions: Int { state.withLock { $0.suspensions } }

    /// Writes `text` on the terminal at `row` behind the program's back, as another process
    /// writing to the same terminal would.
    public func scribble(_ text: String, row: Int) { state.withLock { _ = $0.screen.write(text, row: row, column: 0) } }

    public func close() { state.withLock { $0.closed = true } }
}
