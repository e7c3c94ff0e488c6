import Foundation
import RosterBenchSupport
import RosterCore
import RosterEmbedded

/// The command line on a device of many users, against what the store does alone, in rounds:
/// each round runs every side once, the order turning each round, so a machine that speeds up
/// or slows down weighs on every side alike; a figure is the median of the rounds' ratios.
enum CommandLineBenchmark {
    /// One side of a comparison: a `roster` run (its wall time, start to exit; for `roster
    /// events`, start to its first line) or an in-process read.
    enum Side: CaseIterable {
        case storeRead, users, usersJSON, usersFormat, prefix, email, whoamiShort, eventsReady, version
    }

    /// `roster users --format`'s template in the benchmark: fzf's, as the README shows it.
    static let template = #"{id}\t{name}\t{state}"#

    struct Figures {
        let users: Int
        let prefix: String
        let email: String
        var times: [Side: [Double]] = [:]

        func timing(_ side: Side) -> Timing { Timing(milliseconds: (times[side] ?? [0]).sorted()) }

        /// The median over the rounds of `side`'s time over `base`'s.
        func ratio(_ side: Side, over base: Side) -> Double {
            let (top, bottom) = (times[side] ?? [], times[base] ?? [])
            return HTTPComparison.median(zip(top, bottom).map { $0 / max($1, 0.001) })
        }
    }

    /// A device of `users` under `root`, filled with real log-ins up to `realUsers` and copies
    /// past them (`DeviceCopies`), kept for the next run; then measured for `rounds` rounds.
    static func run(users: Int, realUsers: Int, rounds: Int, root: URL, roster: URL) async throws -> Figures {
        let (home, embedded) = try await ScaledDevice.open(users: users, realUsers: realUsers, root: root)
        // A user logged in for real (their session opens) with an email: the last such of the
        // fill (BenchmarkDevice gives every third an email and logs every fourth out).
        let withEmail = (0..<min(users, realUsers)).filter { $0 % 3 == 0 && $0 % 4 != 1 }
        guard withEmail.count >= 2, let index = withEmail.last else {
            throw BenchmarkFailure("--real-users leaves no two logged-in users with an email")
        }
        let email = "user\(index)@example.com"
        var figures = Figures(users: users, prefix: "user\(index)@", email: email)
        // `roster events --since` a whole second (its date's resolution) after which the device
        // holds the two switches below and nothing else: its first line is a kept event, read as
        // soon as it is ready, so the time is its start to ready.
        let eventsFrom = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 1).rounded(.down))
        while Date() < eventsFrom { usleep(20_000) }
        let environment = ["ROSTER_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        func arguments(_ side: Side) -> [String]? {
            switch side {
            case .storeRead: nil
            case .users: ["users"]
            case .usersJSON: ["users", "--json"]
            case .usersFormat: ["users", "--format", template]
            case .prefix: ["token", figures.prefix]
            case .email: ["token", email]
            case .whoamiShort: ["whoami", "--short"]
            case .eventsReady: ["events", "--since", ISO8601DateFormatter().string(from: eventsFrom)]
            case .version: ["--version"]
            }
        }
        func measure(_ side: Side) throws -> Double {
            guard let arguments = arguments(side) else {
                let start = DispatchTime.now().uptimeNanoseconds
                let read = try embedded.app.userSnapshots()
                guard read.count == users else { throw BenchmarkFailure("the store read \(read.count) users of \(users)") }
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            }
            if side == .eventsReady { return try timedFirstLine(roster, arguments, environment: environment) }
            return try timedRun(roster, arguments, environment: environment)
        }
        // That user is the active one, for whoami, after another (two switched events); each side
        // once, untimed (a token refreshed, caches warm).
        _ = try timedRun(roster, ["switch", "user\(withEmail[withEmail.count - 2])@example.com"], environment: environment)
        _ = try timedRun(roster, ["switch", email], environment: environment)
        for side in Side.allCases { _ = try measure(side) }
        for round in 0..<rounds {
            let order = round % 2 == 0 ? Side.allCases : Side.allCases.reversed()
            for side in order { figures.times[side, default: []].append(try measure(side)) }
        }
        return figures
    }

    /// Runs `roster ARGUMENTS` (one that prints until stopped) to its first line, then stops it
    /// with SIGTERM, after which it must end with status 0; the wall time to that line in
    /// milliseconds. One that prints nothing in 30 s is killed and fails the run.
    static func timedFirstLine(_ executable: URL, _ arguments: [String], environment: [String: String]) throws -> Double {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        let pid = process.processIdentifier
        let stuck = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: stuck)
        var read = Data()
        while !read.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { break }
            read.append(more)
        }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        if process.isRunning { process.terminate() }
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        stuck.cancel()
        guard read.contains(UInt8(ascii: "\n")), process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw BenchmarkFailure(
                "roster \(arguments.joined(separator: " ")) printed no line or did not end cleanly (status \(process.terminationStatus)): "
                    + String(decoding: said.prefix(300), as: UTF8.self))
        }
        return milliseconds
    }

    /// Runs `roster ARGUMENTS` to its end, its output dropped; the wall time in milliseconds.
    static func timedRun(_ executable: URL, _ arguments: [String], environment: [String: String]) throws -> Double {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        guard process.terminationStatus == 0 else {
            throw BenchmarkFailure(
                "roster \(arguments.joined(separator: " ")) exited \(process.terminationStatus): " + String(decoding: said.prefix(300), as: UTF8.self))
        }
        return milliseconds
    }
}
