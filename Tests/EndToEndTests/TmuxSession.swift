import Foundation

/// A real terminal: a detached tmux session on a private server socket, driven with
/// `send-keys` and read with `capture-pane`, as a person at a keyboard would see it.
final class TmuxSession {
    let socket: String
    let name = "roster"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `command` in a 100×30 terminal with `environment` (and a pinned locale and TERM).
    init(command: [String], environment: [String: String], width: Int = 100, height: Int = 30) throws {
        socket = "roster-test-\(UUID().uuidString.prefix(8))"
        var env = environment
        env["TERM"] = "xterm-256color"
        env["LANG"] = "C.UTF-8"
        let exports = env.keys.sorted().map { "\($0)=\(Self.quote(env[$0]!))" }.joined(separator: " ")
        let line = "env -i \(exports) " + command.map(Self.quote).joined(separator: " ")
            + "; echo '[exited '$?']'; sleep 600"
        try tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", name, line])
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Types text, or names keys such as `Enter` when `literal` is false.
    func send(_ keys: String, literal: Bool = true) throws {
        try tmux(["send-keys", "-t", name] + (literal ? ["-l", keys] : [keys]))
    }

    /// The screen as text.
    func capture() throws -> String {
        try tmux(["capture-pane", "-p", "-t", name])
    }

    /// Waits until the screen contains `text`, or fails after `timeout` seconds.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 60) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = try capture()
            if screen.contains(text) { return screen }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw Failure(description: "'\(text)' never appeared; the screen was:\n\(screen)")
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-L", socket] + arguments
        process.environment = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "tmux \(arguments.first ?? "") failed with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
