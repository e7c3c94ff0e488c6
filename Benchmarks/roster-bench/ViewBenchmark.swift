import Foundation
import RosterTUI

/// Times `view` of a full 100x30 screen and counts the rows a selection move rewrites.
enum ViewBenchmark {
    static func run(rows: [UserRow]) throws -> [String] {
        var model = Model(users: rows, size: TerminalSize(width: 100, height: 30), now: Date())
        model.selection = rows.count / 2
        let size = (width: 100, height: 30)
        var lines: [String] = []

        let plain = Timing.measure(runs: 2_000) { _ in _ = view(model, size: size) }
        lines.append("  view, full screen          \(plain.summary)")

        var filtered = model
        for character in "9" { _ = update(&filtered, .key(.char("/"))); _ = update(&filtered, .key(.char(character))) }
        let filter = Timing.measure(runs: 2_000) { _ in _ = view(filtered, size: size) }
        lines.append("  view, filter on            \(filter.summary)   (\(filtered.list.visibleUsers.count) users match)")

        var moving = model
        let keys = Timing.measure(runs: 2_000) { run in
            _ = update(&moving, .key(run % 2 == 0 ? .down : .up))
            _ = view(moving, size: size)
        }
        lines.append("  key to frame (update+view) \(keys.summary)")

        let terminal = MemoryBackend(size: TerminalSize(width: 100, height: 30))
        terminal.draw(view(model, size: size))
        let before = terminal.drawCounts.rowsWritten
        _ = update(&model, .key(.down))
        terminal.draw(view(model, size: size))
        let written = terminal.drawCounts.rowsWritten - before
        lines.append("  selection move rewrites    \(written) of 30 rows")
        return lines
    }
}
