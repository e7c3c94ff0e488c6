import Foundation

/// A real terminal: a detached tmux session on a private server socket, driven with
/// `send-keys` and read with `capture-pane`, as a person at a keyboard would see it.
final class TmuxSession {
    let socket: String
    let name = "roster"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `command` in a 100×30 terminal with `environment` (and a pinned locale and TERM);
    /// when it ends, the pane shows `[exited N]`, the terminal settings (`stty -a`) and `[end]`.
    init(command: [String], environment: [String: String], width: Int = 100, height: Int = 30) throws {
        socket = "roster-test-\(UUID().uuidString.prefix(8))"
        var env = environment
        env["TERM"] = "xterm-256color"
        env["LANG"] = "C.UTF-8"
        let exports = env.keys.sorted().map { "\($0)=\(Self.quote(env[$0]!))" }.joined(separator: " ")
        let line = "env -i \(exports) " + command.map(Self.quote).joined(separator: " ")
            + "; echo '[exited '$?']'; stty -a; echo '[end]'; sleep 600"
        // The tmux server forks off this first client and keeps what it inherited: it gets no pipe.
        try tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", name, line], readOutput: false)
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Types text, or names keys such as `Enter` when `literal` is false.
    func send(_ keys: String, literal: Bool = true) throws {
        try tmux(["send-keys", "-t", name] + (literal ? ["-l", keys] : [keys]))
    }

    /// Sends bytes as a terminal sends them to the program, such as a mouse report in the SGR
    /// form (`ESC[<0;6;3M` presses the left button at column 6, row 3; `m` lets it go).
    func sendBytes(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-H"] + text.utf8.map { String($0, radix: 16) })
    }

    /// A left click at a cell (0-based, as `capture` numbers lines), pressed and let go.
    func click(column: Int, row: Int, times: Int = 1) throws {
        let report = "\u{1B}[<0;\(column + 1);\(row + 1)"
        try sendBytes(String(repeating: report + "M" + report + "m", count: times))
    }

    /// A turn of the wheel over a cell, down or up.
    func wheel(down: Bool, column: Int, row: Int) throws {
        try sendBytes("\u{1B}[<\(down ? 65 : 64);\(column + 1);\(row + 1)M")
    }

    /// Whether the program has asked the terminal to report the mouse.
    func reportsMouse() throws -> Bool {
        try tmux(["display-message", "-p", "-t", name, "#{mouse_any_flag}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Pastes `text` as a terminal does: tmux's `paste-buffer -p` wraps it in bracketed-paste
    /// markers when the program has turned that mode on, and sends it as if typed when not; line
    /// feeds arrive as carriage returns, as Enter would.
    func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "roster-test", "--", text])
        try tmux(["paste-buffer", "-p", "-b", "roster-test", "-t", name])
    }

    /// Lets the program set tmux's clipboard with OSC 52 (`set-clipboard on`), as a person who
    /// copies from terminal programs in tmux sets it.
    func acceptClipboard() throws {
        try tmux(["set-option", "-s", "set-clipboard", "on"])
    }

    /// What the program last put on the clipboard (tmux's newest buffer); nil when nothing.
    func clipboard() throws -> String? {
        try? tmux(["show-buffer"])
    }

    /// The screen as text.
    func capture() throws -> String {
        try tmux(["capture-pane", "-p", "-t", name])
    }

    /// The screen and everything scrolled off it, as a person scrolling back would see it.
    func captureWithScrollback() throws -> String {
        try tmux(["capture-pane", "-p", "-S", "-", "-t", name])
    }

    /// The screen with its colours and attributes as escape sequences.
    func captureWithAttributes() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", name])
    }

    /// The process the pane runs (the command, started by the pane's shell).
    func commandProcess() throws -> pid_t {
        let shell = try tmux(["list-panes", "-t", name, "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        guard let child = children.split(separator: " ").first.flatMap({ pid_t($0) }) else {
            throw Failure(description: "the pane's shell \(shell) runs no command")
        }
        return child
    }

    /// Writes `text` straight to the pane's terminal device, as another process sharing the
    /// terminal would (a background job, `wall`): the program on the pane is not told.
    func writeToTerminal(_ text: String) throws {
        let path = try tmux(["display-message", "-p", "-t", name, "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let terminal = FileHandle(forWritingAtPath: path) else { throw Failure(description: "cannot open the pane's terminal \(path)") }
        defer { try? terminal.close() }
        try terminal.write(contentsOf: Data(text.utf8))
    }

    /// Resizes the terminal, as a person dragging the window would.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Waits until the screen contains `text`, or fails after `timeout` seconds.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 60) throws -> String {
        try poll(timeout: timeout, "'\(text)' never appeared", capture: capture) { $0.contains(text) }
    }

    /// Waits until `text` is no longer on the screen; the screen then.
    @discardableResult
    func waitUntilGone(_ text: String, timeout: TimeInterval = 60) throws -> String {
        try poll(timeout: timeout, "'\(text)' never went", capture: capture) { !$0.contains(text) }
    }

    /// Waits until the screen passes `check`; the screen then.
    @discardableResult
    func waitUntil(timeout: TimeInterval = 20, _ what: String, _ check: (String) -> Bool) throws -> String {
        try poll(timeout: timeout, what, capture: capture, check)
    }

    /// Waits until the screen with its attributes (colours, reverse video) passes `check`.
    @discardableResult
    func waitUntilAttributes(timeout: TimeInterval = 20, _ what: String, _ check: (String) -> Bool) throws -> String {
        try poll(timeout: timeout, what, capture: captureWithAttributes, check)
    }

    /// Captures the screen every tenth of a second until it passes `check`; fails with `what`.
    /// A passing screen is returned once it has settled, so a caller reading more of it than
    /// `check` looked at never sees a screen the terminal had only half drawn.
    private func poll(timeout: TimeInterval, _ what: String, capture: () throws -> String, _ check: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = try capture()
            if check(screen) { return try settled(screen, capture: capture, check) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw Failure(description: "\(what); the screen was:\n\(screen)")
    }

    /// `screen` once two captures a moment apart agree; at most ten more captures. If the screen
    /// moves on to one that no longer passes `check`, the last passing one.
    private func settled(_ screen: String, capture: () throws -> String, _ check: (String) -> Bool) throws -> String {
        var last = screen
        for _ in 0..<10 {
            Thread.sleep(forTimeInterval: 0.04)
            let next = try capture()
            if next == last || !check(next) { return last }
            last = next
        }
        return last
    }

    @discardableResult
    private func tmux(_ arguments: [String], readOutput: Bool = true) throws -> String {
        let tmux = try ChildProcess(
            path: "/usr/bin/tmux", ["-L", socket] + arguments, environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"],
            stdout: readOutput ? .pipe : .null)
        let data = tmux.output?.readDataToEndOfFile() ?? Data()
        let status = tmux.wait()
        guard status == 0 else { throw Failure(description: "tmux \(arguments.first ?? "") failed with \(status)") }
        return String(decoding: data, as: UTF8.self)
    }

    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
