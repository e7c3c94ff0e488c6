import Foundation
import RosterBenchSupport
import RosterCore
import RosterEmbedded
import RosterTUI

/// `roster-bench switcher --scales 1000,10000,100000`: the switcher on devices of each size in
/// one run, each figure with its ratio to the smallest. Start-ups alternate between the sizes
/// round by round (the order turning each round), so a machine that speeds up or slows down
/// during the run weighs on every size alike.
enum ScaleComparison {
    struct Figures {
        var users: Int
        var readAll = Timing(milliseconds: [0])
        var firstWindow = Timing(milliseconds: [0])
        var view = Timing(milliseconds: [0])
        var key = Timing(milliseconds: [0])
        var filterRead = Timing(milliseconds: [0])
        var findRead = Timing(milliseconds: [0])
        var startups: [Double] = []
        var peakKiB = 0
        var settledKiB = 0
    }

    /// Each size's device under `root` (kept for the next run), filled with real log-ins up to
    /// `realUsers` and copies past them (`DeviceCopies`), then measured.
    static func run(scales: [Int], root: URL, realUsers: Int, roster: URL, startups: Int) async throws -> [String] {
        var figures: [Figures] = []
        var homes: [URL] = []
        for users in scales {
            let (home, embedded) = try await ScaledDevice.open(users: users, realUsers: realUsers, root: root)
            homes.append(home)
            var measured = Figures(users: users)
            let effects = SessionEffects(app: embedded.app)
            measured.readAll = try Timing.measure(runs: 5) { _ in _ = try effects.rows() }
            measured.firstWindow = try Timing.measure(runs: 50) { _ in _ = try effects.firstList(order: .recent) }
            // The model as the switcher holds it: every user, or a window of a long list.
            var model = Model(size: TerminalSize(width: 100, height: 30), now: Date())
            _ = update(&model, try effects.firstList(order: .recent))
            measured.view = Timing.measure(runs: 2_000) { _ in _ = view(model, size: (100, 30)) }
            // A key to its frame, walking down the list and back: the window reads the moves
            // ask for run between keys, untimed, as they run beside the keys in the switcher.
            var keys: [Double] = []
            for run in 0..<2_000 {
                let start = DispatchTime.now().uptimeNanoseconds
                let asked = update(&model, .key(run < 1_000 ? .down : .up))
                _ = view(model, size: (100, 30))
                keys.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                for effect in asked { for action in await effects.perform(effect) { _ = update(&model, action) } }
            }
            measured.key = Timing(milliseconds: keys.sorted())
            guard model.selection == 0, model.selectedUser != nil else { throw BenchmarkFailure("the walk down the list and back ended at \(model.selection)") }
            // What a typed letter of `/` and of `f` asks of the store at this size, beside the frame.
            measured.filterRead = await timed(runs: 20) {
                _ = await effects.perform(.readWindow(WindowRead(query: ListQuery(filter: "ada \($0 % 10)"), anchor: .offset(0))))
            }
            measured.findRead = await timed(runs: 20) {
                _ = await effects.perform(.findMatches(MatchRead(query: ListQuery(), text: "ada \($0 % 10)")))
            }
            figures.append(measured)
        }
        for round in 0..<startups {
            let order = round % 2 == 0 ? Array(figures.indices) : figures.indices.reversed()
            for index in order {
                let run = try StartupProbe.runOnce(executable: roster.path, home: homes[index], settle: true)
                figures[index].startups.append(run.milliseconds)
                figures[index].peakKiB = max(figures[index].peakKiB, run.peakKiB)
                figures[index].settledKiB = max(figures[index].settledKiB, run.settledKiB ?? 0)
            }
        }
        return table(figures)
    }

    /// Times an asynchronous body, run after run, in milliseconds.
    static func timed(runs: Int, _ body: (Int) async -> Void) async -> Timing {
        var samples: [Double] = []
        for run in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            await body(run)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return Timing(milliseconds: samples.sorted())
    }

    /// One line a measure: each size's figure and, past the first, its ratio to the first.
    static func table(_ figures: [Figures]) -> [String] {
        guard let base = figures.first else { return [] }
        func line(_ name: String, _ unit: String, _ value: (Figures) -> Double) -> String {
            let cells = figures.map { figure in
                let shown = String(format: "%9.3f %@", value(figure), unit)
                return figure.users == base.users ? shown + "         " : shown + String(format: " (%5.2f×)", value(figure) / max(value(base), 1e-9))
            }
            return "  " + name.padding(toLength: 34, withPad: " ", startingAt: 0) + cells.joined(separator: "  ")
        }
        let heading = "  " + "users".padding(toLength: 34, withPad: " ", startingAt: 0)
            + figures.map { String(format: "%9d users%@", $0.users, $0.users == base.users ? "   " : "           ") }.joined(separator: "  ")
        return [
            heading,
            line("read every user, median", "ms", { $0.readAll.median }),
            line("read the first window, median", "ms", { $0.firstWindow.median }),
            line("view, full screen, p99", "ms", { $0.view.p99 }),
            line("key to frame, median", "ms", { $0.key.median }),
            line("key to frame, p99", "ms", { $0.key.p99 }),
            line("a letter of /, its read, median", "ms", { $0.filterRead.median }),
            line("a letter of f, its read, median", "ms", { $0.findRead.median }),
            line("first paint, median", "ms", { Timing(milliseconds: $0.startups.sorted()).median }),
            line("memory at first paint", "MiB", { Double($0.peakKiB) / 1024 }),
            line("memory once settled", "MiB", { Double($0.settledKiB) / 1024 }),
        ]
    }
}
