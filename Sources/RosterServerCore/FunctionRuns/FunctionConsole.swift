import Synchronization

/// What one function run writes to `console`, within `FunctionRunBudget`: lines past the
/// budget's count or bytes are not kept, only counted. Written by the run (and the functions it
/// calls through `context.functions.execute`), read once when it ends.
///
///     let console = FunctionConsole(budget: FunctionRunBudget())
///     console.append("started")
///     console.lines   // ["started"]
package final class FunctionConsole: Sendable {
    private struct State {
        var lines: [String] = []
        var bytes = 0
        var cut = 0
    }

    private let budget: FunctionRunBudget
    private let state = Mutex(State())

    package init(budget: FunctionRunBudget) { self.budget = budget }

    package func append(_ line: String) {
        let (maxLines, maxBytes) = (budget.consoleLines, budget.consoleBytes)
        state.withLock { state in
            let room = maxBytes - state.bytes
            guard state.lines.count < maxLines, room > 0 else {
                state.cut += 1
                return
            }
            let kept = line.utf8.count <= room ? line : String(decoding: line.utf8.prefix(room), as: UTF8.self)
            state.lines.append(kept)
            state.bytes += kept.utf8.count
        }
    }

    /// The lines kept, and a last one counting those that were not.
    package var lines: [String] {
        state.withLock { state in
            state.cut == 0 ? state.lines : state.lines + ["(\(state.cut) more console lines not kept: functionRunBudget)"]
        }
    }
}
