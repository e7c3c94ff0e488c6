import Foundation
import RosterCore
import RosterTUI
import Testing

/// The whole front end running on its own thread: the real program loop, the session core over
/// an in-process RosterServer, and a terminal in memory that the test types into and reads.
struct RunningSwitcher {
    let terminal: MemoryBackend
    let finished: Task<Model, any Error>

    static func start(_ demo: DemoServer, size: TerminalSize = TerminalSize(width: 100, height: 30), outbox: String? = nil) throws
        -> RunningSwitcher
    {
        let terminal = MemoryBackend(size: size)
        let effects = SessionEffects(app: demo.app, watchInterval: 0.05)
        var model = Model(users: try effects.rows(), now: Date())
        model.outbox = outbox
        let finished = Task { try await Program.run(model, backend: { terminal }, effects: effects, startingWith: [.loginForm(.loadProviders)]) }
        return RunningSwitcher(terminal: terminal, finished: finished)
    }

    /// Waits until a line of the screen contains `text`; fails the test after `seconds`.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 90, sourceLocation: SourceLocation = #_sourceLocation) async -> String? {
        await waitUntil("a line containing \(text)", seconds: seconds, sourceLocation: sourceLocation) { lines in
            lines.first { $0.contains(text) }
        }
    }

    /// Waits until a row drawn since the switcher started contains `text`, on the screen now or
    /// not: for a status message, which goes after a few seconds, sooner than a loaded machine
    /// may let the test look.
    @discardableResult
    func waitForShown(_ text: String, seconds: Double = 90, sourceLocation: SourceLocation = #_sourceLocation) async -> String? {
        await waitUntil("a row drawn containing \(text)", seconds: seconds, sourceLocation: sourceLocation) { lines in
            lines.first { $0.contains(text) } ?? terminal.shownLines.last { $0.contains(text) }
        }
    }

    /// Waits until no line contains `text`.
    func waitForNo(_ text: String, seconds: Double = 90, sourceLocation: SourceLocation = #_sourceLocation) async {
        await waitUntil("no line containing \(text)", seconds: seconds, sourceLocation: sourceLocation) { lines in
            lines.contains { $0.contains(text) } ? nil : ""
        }
    }

    /// Waits until `holds` is true: for state that stays (the device's store, the server), where
    /// a status line may be replaced before a busy machine lets the test read it.
    func waitForState(_ what: String, seconds: Double = 90, sourceLocation: SourceLocation = #_sourceLocation, _ holds: () -> Bool) async {
        await waitUntil(what, seconds: seconds, sourceLocation: sourceLocation) { _ in holds() ? "" : nil }
    }

    private func waitUntil(
        _ what: String, seconds: Double, sourceLocation: SourceLocation, _ found: ([String]) -> String?
    ) async -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let line = found(terminal.lines) { return line }
            try? await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("waited \(seconds)s for \(what); the screen was:\n\(terminal.lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
        return nil
    }

    /// Presses `q` and waits for the program to end.
    func quit() async throws -> Model {
        terminal.press(.char("q"))
        return try await finished.value
    }
}
