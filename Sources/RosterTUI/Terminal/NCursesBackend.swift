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
    /// Rows written to the terminal so far, for benchmarks.
    public private(set) var rowsWritten = 0

    /// Opens the terminal. `colorMode` may turn colour off; a terminal without colours is
    /// monochrome whatever it says.
    public init(colorMode: ColorMode, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        Locale.useTerminalLocale()
        guard let handle = roster_newterm() else {
            throw OpenError.unknownTerminal(environment["TERM"] ?? "")
        }
        screenHandle = handle
        window = roster_stdscr()
        TerminalGuard.install()
        raw()
        noecho()
        nonl()
        keypad(window, true)
        roster_set_escdelay(25)
        curs_set(0)
        palette = Palette(mode: colorMode == .color && has_colors() ? .color : .monochrome)
        palette.start()
    }

    public var size: TerminalSize {
        TerminalSize(width: Int(roster_width(window)), height: Int(roster_height(window)))
    }

    /// A termination signal reads as Ctrl-C, so the program quits the one way it always does.
    public func nextKey(waitingAtMost milliseconds: Int) -> Key? {
        if TerminalGuard.isQuitRequested { return .ctrlC }
        wtimeout(window, Int32(milliseconds))
        var character: wint_t = 0
        let result = wget_wch(window, &character)
        if result == roster_err() { return TerminalGuard.isQuitRequested ? .ctrlC : nil }
        if result == roster_key_code_yes() {
            if Int32(character) == KEY_RESIZE {
                // The next draw repaints everything at the new size.
                shown = nil
                let now = size
                return .resize(width: now.width, height: now.height)
            }
            return KeyDecoding.key(forKeyCode: Int32(character))
        }
        return KeyDecoding.key(forCharacter: UInt32(character))
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
        rowsWritten += rows.count
        shown = buffer
        wnoutrefresh(window)
        doupdate()
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
        endwin()
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
