import Foundation
import RosterBenchSupport
import RosterCore
import RosterEmbedded

/// The command line on a device of many users, against what the store does alone, in rounds:
/// each round runs every side once, the order turning each round, so a machine that speeds up
/// or slows down weighs on every side alike; a figure is the median of the rounds' ratios.
enum CommandLineBenchmark {
    /// One side of a comparison: a `roster` run (its wall time, start to exit) or an
    /// in-process read.
    enum Side: CaseIterable {
        case storeRead, users, usersJSON, prefix, email, whoamiShort, version
    }

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
        guard let index = (0..<min(users, realUsers)).last(where: { $0 % 3 == 0 && $0 % 4 != 1 }) else {
            throw BenchmarkFailure("--real-users leaves no logged-in user with an email")
        }
        let email = "user\(index)@example.com"
        var figures = Figures(users: users, prefix: "user\(index)@", email: email)
        let environment = ["ROSTER_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        func arguments(_ side: Side) -> [String]? {
            switch side {
            case .storeRead: nil
            case .users: ["users"]
            case .usersJSON: ["users", "--json"]
            case .prefix: ["token", figures.prefix]
            case .email: ["token", email]
            case .whoamiShort: ["whoami", "--short"]
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
            return try timedRun(roster, arguments, environment: environment)
        }
        // That user is the active one, for whoami; each side once, untimed (a token refreshed, caches warm).
        _ = try timedRun(roster, ["switch", email], environment: environment)
        for side in Side.allCases { _ = try measure(side) }
        for round in 0..<rounds {
            let order = round % 2 == 0 ? Side.allCases : Side.allCases.reversed()
            for side in order { figures.times[side, default: []].append(try measure(side)) }
        }
        return figures
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
