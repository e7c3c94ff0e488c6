import CNCurses
import Foundation

/// The real terminal, through ncursesw. Opens curses on creation and gives the terminal back on
/// `close` (and, through `TerminalGuard`, on signals and crashes). Only the program's thread
/// calls it.
public final class NCursesBackend: TerminalBackend {
    public enum OpenError: Error, CustomStringConvertible {
        case unknownTerminal(String)

        public var description: String {
            switch self {
            case .unknownTerminal(let term):
                "the terminal type '\(term)' is unknown to curses; set TERM to one it knows, such as xterm-256color"
            }
        }
    }

    private let screenHandle: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let palette: Palette
    private var shown: ScreenBuffer?
    private var isOpen = true
    /// Whether the mouse was asked for, to ask again after a suspension.
    private let mouse: Bool
    /// Collects bracketed pastes; keys it has decoded wait in `decoded`.
    private var decoder = BracketedPasteDecoder()
    private var decoded: [Key] = []

    /// Opens the terminal. `colorMode` may turn colour off; a terminal without colours is
    /// monochrome whatever it says. With `mouse`, clicks and the wheel arrive as `Key.mouse`
    /// (selecting text in the terminal then takes Shift, as in other programs that use the mouse);
    /// `theme` gives each role its colours.
    public init(
        colorMode: ColorMode, mouse: Bool = true, theme: Theme = Theme(), environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        Locale.useTerminalLocale()
        guard let handle = roster_newterm() else {
            throw OpenError.unknownTerminal(environment["TERM"] ?? "")
        }
        screenHandle = handle
        window = roster_stdscr()
        self.mouse = mouse
        TerminalGuard.install()
        raw()
        noecho()
        nonl()
        keypad(window, true)
        roster_define_common_keys()
        roster_set_escdelay(Int32(Self.markerWait))
        curs_set(0)
        // A paste arrives as one `Key.paste`, not as keys that would act as commands.
        roster_set_bracketed_paste(1)
        if mouse { _ = roster_set_mouse(1, Int32(Self.doubleClickInterval)) }
        palette = Palette(mode: colorMode == .color && has_colors() ? .color : .monochrome, theme: theme)
        palette.start()
    }

    public var size: TerminalSize {
        TerminalSize(width: Int(roster_width(window)), height: Int(roster_height(window)))
    }

    /// A termination signal reads as Ctrl-C, so the program quits the one way it always does.
    /// Characters go through the paste decoder: once it holds part of a marker or a paste, the
    /// rest is read at once (a terminal sends a paste in one go), giving up after a short wait.
    public func nextKey(waitingAtMost milliseconds: Int) -> Key? {
        if TerminalGuard.isQuitRequested { return .terminate }
        if !decoded.isEmpty { return decoded.removeFirst() }
        var wait = milliseconds
        while decoded.isEmpty {
            switch read(waitingAtMost: wait) {
            case nil:
                if TerminalGuard.isQuitRequested { return .terminate }
                guard decoder.isWaiting else { return nil }
                decoded += decoder.inputPaused()
                if decoded.isEmpty { return nil }
            case .resize:
                // The next draw repaints everything at the new size.
                shown = nil
                let now = size
                return .resize(width: now.width, height: now.height)
            case .keyCode(KEY_MOUSE):
                decoded += decoder.read(key: readMouse())
            case .keyCode(let code):
                decoded += decoder.read(keyCode: code)
            case .character(let value):
                decoded += decoder.read(character: value)
            }
            wait = decoder.isPasting ? Self.pasteWait : Self.markerWait
        }
        return decoded.removeFirst()
    }

    /// How long to wait for the rest of a marker after an Esc (curses' own ESCDELAY), and for
    /// more of a paste before taking what came as the whole of it.
    private static let markerWait = 25
    private static let pasteWait = 1000
    /// The longest pause between the clicks of a double click, and between press and release
    /// of a click.
    private static let doubleClickInterval = 250

    /// The event behind a KEY_MOUSE, read from curses' mouse queue.
    private func readMouse() -> Key? {
        var state: mmask_t = 0
        var column: Int32 = 0
        var row: Int32 = 0
        guard roster_get_mouse(&state, &column, &row) == 1 else { return nil }
        return MouseDecoding.event(state: state, column: Int(column), row: Int(row)).map(Key.mouse)
    }

    private enum Input {
        case character(UInt32)
        case keyCode(Int32)
        case resize
    }

    /// One read from curses; nil when nothing came in time.
    private func read(waitingAtMost milliseconds: Int) -> Input? {
        wtimeout(window, Int32(milliseconds))
        var character: wint_t = 0
        let result = wget_wch(window, &character)
        if result == roster_err() { return nil }
        if result == roster_key_code_yes() {
            return Int32(character) == KEY_RESIZE ? .resize : .keyCode(Int32(character))
        }
        return .character(UInt32(character))
    }

    public func draw(_ buffer: ScreenBuffer) {
        guard isOpen else { return }
        let rows: [Int]
        if let shown, shown.width == buffer.width, shown.height == buffer.height {
            rows = buffer.diff(from: shown)
        } else {
            werase(window)
            rows = Array(0..<buffer.height)
        }
        for row in rows { drawRow(row, of: buffer) }
        shown = buffer
        wnoutrefresh(window)
        doupdate()
    }

    public func suspend() {
        guard isOpen else { return }
        curs_set(1)
        if mouse { _ = roster_set_mouse(0, Int32(Self.doubleClickInterval)) }
        roster_set_bracketed_paste(0)
        endwin()
        // Stop as a job does, with the signal's own action for the moment, raised on this
        // thread with the signal let through here alone: the whole process stops before `raise`
        // returns, and goes on after `fg`. (Sent to the process instead, it waits for some thread
        // that does not block it, which on a loaded machine may come after the action is put
        // back, and the key did nothing.) A process the shell does not control (an orphaned
        // process group) is not stopped, and goes straight on.
        var stop = sigaction()
        stop.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&stop.sa_mask)
        var previous = sigaction()
        sigaction(SIGTSTP, &stop, &previous)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, SIGTSTP)
        var mask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &only, &mask)
        raise(SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        sigaction(SIGTSTP, &previous, nil)
        // Continued: the next draw takes the terminal back (curses' mode with it) and writes it all.
        roster_set_bracketed_paste(1)
        if mouse { _ = roster_set_mouse(1, Int32(Self.doubleClickInterval)) }
        curs_set(0)
        redrawAll()
    }

    public func copyToClipboard(_ text: String) {
        guard isOpen, let sequence = Clipboard.sequence(for: text) else { return }
        // After curses' own output (drawn and flushed each frame), straight to the terminal.
        _ = sequence.utf8CString.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count - 1) }
    }

    public func redrawAll() {
        guard isOpen else { return }
        // The next refresh clears the terminal and writes every cell; the next draw every row.
        clearok(window, true)
        shown = nil
    }

    private func drawRow(_ row: Int, of buffer: ScreenBuffer) {
        for column in 0..<buffer.width {
            let cell = buffer[row, column]
            if cell.isContinuation { continue }
            let (attributes, pair) = palette.curses(cell.attributes)
            var text = cell.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
            text.append(0)
            // Writing the bottom-right cell reports an error as the cursor cannot advance; the
            // cell is drawn all the same.
            _ = roster_add_cell(window, Int32(row), Int32(column), text, attributes, pair)
        }
    }

    public func close() {
        guard isOpen else { return }
        isOpen = false
        curs_set(1)
        _ = roster_set_mouse(0, Int32(Self.doubleClickInterval))
        endwin()
        roster_set_bracketed_paste(0)
        delscreen(screenHandle)
        TerminalGuard.uninstall()
    }

    deinit { close() }
}

extension Locale {
    /// `setlocale(LC_ALL, "")` so wide characters draw, falling back to C.UTF-8 when the
    /// environment's locale is not UTF-8 (or not installed).
    static func useTerminalLocale() {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if codeset.uppercased().replacingOccurrences(of: "-", with: "") != "UTF8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}
