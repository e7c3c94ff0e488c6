import Benchmark
import Foundation
import RosterBenchSupport
import RosterCore
import RosterEmbedded
import RosterTUI
import RosterWire

// The switcher in-process (package-benchmark; `swift package benchmark --target
// SwitcherBenchmarks`): `view` of a full 100x30 screen with 10,000 users on the list, with and
// without a filter; a key to its frame (`update`, then `view`); and reading the users of a real
// device store, filled once through the real log-in path. Targets: docs/BENCHMARKS.md.

let screen = (width: 100, height: 30)

/// 10,000 users as the list holds them, in every state, names in several scripts.
func tenThousandUsers() -> Model {
    let states: [UserState] = [.loggedIn, .loggedOut, .loggedIn, .loggedIn]
    let rows = (0..<10_000).map { index in
        UserRow(
            id: String(format: "%024x", index), displayName: "\(BenchmarkDevice.names[index % BenchmarkDevice.names.count]) \(index)",
            provider: .customToken, state: states[index % states.count], isCurrent: index == 9_999)
    }
    var model = Model(users: rows, size: TerminalSize(width: screen.width, height: screen.height), now: Date())
    model.selection = rows.count / 2
    return model
}

/// A device of 1,000 users in a temporary folder, made in the setup of the benchmark that reads it.
nonisolated(unsafe) var device: (embedded: EmbeddedDefault, folder: URL)?

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(5), maxIterations: 10_000)

    Benchmark("view, full screen, 10,000 users") { benchmark in
        let model = tenThousandUsers()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(view(model, size: screen)) }
    }

    Benchmark("view, filter on, 10,000 users") { benchmark in
        var model = tenThousandUsers()
        for key in [Key.char("/"), .char("9")] { _ = update(&model, .key(key)) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(view(model, size: screen)) }
    }

    Benchmark("key to frame, 10,000 users") { benchmark in
        var model = tenThousandUsers()
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            _ = update(&model, .key(iteration % 2 == 0 ? .down : .up))
            blackHole(view(model, size: screen))
        }
    }

    Benchmark(
        "read the users, 1,000 on the device", configuration: .init(maxDuration: .seconds(5), maxIterations: 100),
        closure: { benchmark in
            guard let embedded = device?.embedded else { fatalError("the setup made no device") }
            let effects = SessionEffects(app: embedded.app)
            for _ in benchmark.scaledIterations { blackHole(try! effects.rows()) }
        },
        setup: {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-switcher-benchmarks-\(UUID().uuidString)")
            let embedded = try await EmbeddedDefault.open(paths: try RosterPaths(home: folder.path, environment: [:]))
            _ = try await BenchmarkDevice.fill(embedded, users: 1_000)
            device = (embedded, folder)
        },
        teardown: {
            if let folder = device?.folder { try? FileManager.default.removeItem(at: folder) }
            device = nil
        })
}
