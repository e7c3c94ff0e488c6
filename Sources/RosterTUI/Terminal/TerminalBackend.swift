/// Where the screen goes and keys come from. The program calls a backend from one thread only:
/// ncurses for people, memory for tests and benchmarks.
public protocol TerminalBackend: AnyObject {
    /// Columns and rows right now.
    var size: TerminalSize { get }

    /// Waits at most `milliseconds` for a key or a terminal event; `nil` when none came.
    func nextKey(waitingAtMost milliseconds: Int) -> Key?

    /// Shows `buffer`, writing only the rows that differ from the last one drawn.
    func draw(_ buffer: ScreenBuffer)

    /// Makes the next `draw` clear the terminal and write every row, whatever it shows now.
    func redrawAll()

    /// Gives the terminal back as it was found and stops the process, as Ctrl-Z stops a shell's
    /// job; returns when it is continued (`fg`), the next `draw` writing the whole screen.
    func suspend()

    /// Puts `text` on the terminal's clipboard with OSC 52 (`Clipboard.sequence`), which a
    /// terminal (or tmux, or an SSH client's terminal) takes as a copy.
    func copyToClipboard(_ text: String)

    /// Gives the terminal back as it was found. Safe to call more than once.
    func close()
}
