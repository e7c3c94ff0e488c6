import Foundation

/// Starts the real `roster ui` on a pseudo-terminal, with `--quit-after-first-paint`, and times
/// it from spawn to exit; it reports its own peak memory as it quits.
enum StartupProbe {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func measure(home: URL, runs: Int) throws -> (time: Timing, peakMiB: Double) {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        var peakKiB = 0
        let report = home.appendingPathComponent("startup-report.txt")
        defer { try? FileManager.default.removeItem(at: report) }
        let time = try Timing.measure(runs: runs) { _ in
            try runOnce(executable: executable, home: home, report: report)
        }
        // Read outside the timing: the last line `roster ui` printed after giving the terminal back.
        let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        guard let found = text.range(of: "peak-memory-kib ", options: .backwards),
            let kib = Int(text[found.upperBound...].prefix { $0.isNumber })
        else { throw Failure(description: "`roster ui` did not report its peak memory") }
        peakKiB = kib
        return (time, Double(peakKiB) / 1024)
    }

    /// One start-up under `script`, which gives it a pseudo-terminal; what it draws and prints
    /// goes to `report`.
    private static func runOnce(executable: String, home: URL, report: URL) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, report.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let command = [executable, "ui", "--home", home.path, "--quit-after-first-paint"].map(quote).joined(separator: " ")
        let arguments = ["/usr/bin/script", "--quiet", "--return", "--command", command, "/dev/null"]
        let environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "LINES=30", "COLUMNS=100", "HOME=\(home.path)", "PATH=/usr/bin:/bin"]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) == 0 else {
            throw Failure(description: "cannot start /usr/bin/script (util-linux) to give roster a terminal")
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        guard status == 0 else { throw Failure(description: "`roster ui` under script exited with status \(status)") }
    }

    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
