import Foundation

/// Starts the real `roster ui` on a pseudo-terminal, with `--quit-after-first-paint`, and times
/// it from spawn to exit; the kernel reports the process's peak memory.
enum StartupProbe {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func measure(home: URL, runs: Int) throws -> (time: Timing, peakMiB: Double) {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        var peakKiB = 0
        let time = try Timing.measure(runs: runs) { _ in
            peakKiB = max(peakKiB, try runOnce(executable: executable, home: home))
        }
        return (time, Double(peakKiB) / 1024)
    }

    /// One start-up under `script`, which gives it a pseudo-terminal; returns the peak resident
    /// set in KiB (the kernel keeps the largest of `script` and what it waited for).
    private static func runOnce(executable: String, home: URL) throws -> Int {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
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
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        guard status == 0 else { throw Failure(description: "`roster ui` under script exited with status \(status)") }
        return usage.ru_maxrss
    }

    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
