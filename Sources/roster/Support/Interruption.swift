import Foundation

/// Ends a command that runs until interrupted (`roster events`) with status 0 on Ctrl-C
/// (SIGINT) or SIGTERM.
enum Interruption {
    /// From the moment this returns, SIGINT and SIGTERM end the process with status 0: a plain
    /// handler, set at once. (A dispatch source was armed some time after it was made, and a
    /// signal that came in between was ignored for good: a loaded CI run caught `roster events`
    /// going on after Ctrl-C.) The handler only calls `_exit`, which a handler may; every line the
    /// command prints is written unbuffered, so nothing waits to be flushed.
    static func exitingCleanly() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in _exit(0) }
        sigemptyset(&action.sa_mask)
        for number in [SIGINT, SIGTERM] { sigaction(number, &action, nil) }
    }
}
