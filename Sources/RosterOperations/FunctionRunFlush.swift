import Logging
import RosterServerCore
import ServiceLifecycle

/// Writes the function runs still queued for the apps' logs (`FunctionRunLog`) when the server
/// stops, so that a run answered just before a SIGTERM is in the log after it. It is the first
/// service of `serve`, so the last to stop: the listeners have finished their requests by then.
/// It waits at most `functionRunBudget.flushSeconds`; what is still queued then is lost,
/// counted in a warning. A server cancelled rather than stopped gracefully (or cancelled while
/// it flushes) waits only a second more (`FunctionRunLog.flush(within:cancelledGrace:)`): the
/// group gives a cancelled server five seconds to end, and stops the process past them.
///
///     services = [FunctionRunFlush(runs: runs, logger: logger), application, …]
package struct FunctionRunFlush: Service {
    package let runs: FunctionRunLog
    package let logger: Logger

    package func run() async throws {
        // Until the server stops (gracefully, or cancelled).
        try? await gracefulShutdown()
        let seconds = runs.budget.flushSeconds
        let left = await runs.flush(within: .seconds(max(0, seconds)))
        if left > 0 {
            logger.warning(
                "\(left) function runs were not kept for the apps' logs: the server stopped before they were written (functionRunBudget.flushSeconds, \(seconds) s)")
        }
    }

    package init(runs: FunctionRunLog, logger: Logger) {
        self.runs = runs
        self.logger = logger
    }
}
