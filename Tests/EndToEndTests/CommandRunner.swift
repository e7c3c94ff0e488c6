import Foundation
import Testing

/// Runs Roster's real binaries as a person or a script would, with a private `ROSTER_HOME`.
struct CommandRunner {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    let home: URL
    var environment: [String: String]

    init(home: URL, extra: [String: String] = [:]) {
        self.home = home
        var environment = ["ROSTER_HOME": home.path, "HOME": home.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        environment.merge(extra) { _, new in new }
        self.environment = environment
    }

    /// The folder holding the built `roster` and `roster-server`.
    static let binaries: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug"),
        ]
        for folder in candidates
        where FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("roster").path) {
            return folder
        }
        return candidates.last!
    }()

    func roster(_ arguments: [String], stdin: String? = nil) throws -> Result {
        try run("roster", arguments, stdin: stdin)
    }

    /// The users `roster users --json` lists.
    func users() throws -> [ListedUser] {
        try roster(["users", "--json"]).users()
    }

    func rosterServer(_ arguments: [String], stdin: String? = nil) throws -> Result {
        try run("roster-server", arguments, stdin: stdin)
    }

    /// The built `roster-bench`: beside the binaries above, where the tests' build puts it
    /// (ROSTER_TEST_BENCH=1, as `make test` sets), else in the benchmarks' own package, in the same
    /// configuration; a failure naming the command that builds it when there is none.
    static func rosterBenchPath() throws -> String {
        let beside = binaries.appendingPathComponent("roster-bench").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        let ownPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Benchmarks/.build").appendingPathComponent(binaries.lastPathComponent)
            .appendingPathComponent("roster-bench").path
        guard FileManager.default.isExecutableFile(atPath: ownPackage) else { throw MissingRosterBench(path: beside) }
        return ownPackage
    }

    /// The benchmarks' driver, built in their own package beside the product.
    func rosterBench(_ arguments: [String]) throws -> Result {
        try run(Self.rosterBenchPath(), arguments, stdin: nil)
    }

    func run(_ binary: String, _ arguments: [String], stdin: String?) throws -> Result {
        // A bare name is one of the package's binaries; a path is a program of the system's.
        let path = binary.hasPrefix("/") ? binary : Self.binaries.appendingPathComponent(binary).path
        let ran = try ChildProcess.run(path: path, arguments, environment: environment, stdin: stdin.map { Data($0.utf8) })
        return Result(status: ran.status, stdout: String(decoding: ran.stdout, as: UTF8.self), stderr: String(decoding: ran.stderr, as: UTF8.self))
    }

    /// Makes a fresh temporary directory.
    static func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("roster-e2e-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// No `roster-bench` where the tests look for it.
struct MissingRosterBench: Error, CustomStringConvertible {
    let path: String
    var description: String {
        "no roster-bench at \(path): build it with `ROSTER_TEST_BENCH=1 swift build --build-tests` (`make test` does)"
    }
}

/// `roster users --json` decoded.
struct ListedUser: Decodable, Equatable {
    let id: String
    let name: String?
    let email: String?
    let providers: [String]
    let state: String
    let current: Bool
    let lastActive: String?
}

extension CommandRunner.Result {
    func users() throws -> [ListedUser] {
        try JSONDecoder().decode([ListedUser].self, from: Data(stdout.utf8))
    }
}
