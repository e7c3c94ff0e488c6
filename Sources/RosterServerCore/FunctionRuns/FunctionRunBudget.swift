/// What the server keeps of its apps' function runs (`FunctionRunLog`): each run's console
/// lines and their bytes, how long and how many runs each app keeps, and how many runs may
/// wait to be written. Defaults as App Services keeps its logs (ten days); docs/SECURITY.md
/// lists them.
///
///     var budget = FunctionRunBudget()
///     budget.keptDays = 3
public struct FunctionRunBudget: Sendable, Equatable {
    /// Console lines kept per run; the rest are counted in one last line.
    public var consoleLines = 100
    /// Bytes of console output kept per run (UTF-8), across its lines.
    public var consoleBytes = 16 * 1024
    /// Days a run is kept.
    public var keptDays = 10
    /// Runs kept per app, the newest.
    public var keptRunsPerApp = 100_000
    /// Runs waiting to be written; past it a run is dropped and counted in a warning.
    public var queued = 10_000
    /// Runs one write takes from the queue.
    public var batch = 100
    /// Seconds a stopping server waits for the queued runs to be written; those still queued
    /// then are lost, counted in a warning.
    public var flushSeconds = 5
    /// Runs of an app written between two prunes of it; each prune removes at most
    /// `pruneRows` runs past the age and at most as many past the count.
    public var pruneEvery = 1_000
    public var pruneRows = 1_000

    public init() {}
}
