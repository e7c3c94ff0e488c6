import Foundation

/// The session's windows: a page that opens a popup (a sign-in window, a link with
/// `target="_blank"`) gets one more, which the session switches to in order to use it, and back
/// from once it closes.
///
///     let opener = try await browser.windowHandle()
///     try await browser.element("#login").click()
///     let popup = try await browser.newWindow(besides: [opener])
///     try await browser.switchToWindow(popup)
extension WebDriverSession {
    /// The window commands are sent to.
    public func windowHandle() async throws -> String {
        guard let handle = try await send("window handle", .GET, "window") as? String else {
            throw WebDriverError(command: "window handle", error: "unexpected answer", message: "not a string")
        }
        return handle
    }

    /// Every open window of the session.
    public func windowHandles() async throws -> [String] {
        guard let handles = try await send("window handles", .GET, "window/handles") as? [String] else {
            throw WebDriverError(command: "window handles", error: "unexpected answer", message: "not a list of strings")
        }
        return handles
    }

    /// Sends the next commands to the window `handle`.
    public func switchToWindow(_ handle: String) async throws {
        _ = try await send("switch to window", .POST, "window", ["handle": handle])
    }

    /// Opens a new, empty tab, as a person does to go to another site, and returns its handle
    /// (commands still go to the window they went to).
    public func openTab() async throws -> String {
        guard let handle = (try await send("new window", .POST, "window/new", ["type": "tab"]) as? [String: Any])?["handle"] as? String else {
            throw WebDriverError(command: "new window", error: "unexpected answer", message: "no handle")
        }
        return handle
    }

    /// The first window open that is none of `known`, waiting up to `timeout` for one to open.
    public func newWindow(besides known: [String], timeout: Duration = .seconds(15)) async throws -> String {
        let started = ContinuousClock.now
        while ContinuousClock.now - started < timeout {
            if let handle = try await windowHandles().first(where: { !known.contains($0) }) { return handle }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw WebDriverError(command: "new window", error: "timeout", message: "no window opened within \(timeout)")
    }

    /// Waits up to `timeout` for the window `handle` to close (a page closed it).
    public func windowClosed(_ handle: String, timeout: Duration = .seconds(15)) async throws {
        let started = ContinuousClock.now
        while ContinuousClock.now - started < timeout {
            if try await !windowHandles().contains(handle) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw WebDriverError(command: "window closed", error: "timeout", message: "the window stayed open after \(timeout)")
    }
}
