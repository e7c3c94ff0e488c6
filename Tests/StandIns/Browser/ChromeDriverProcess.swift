import Foundation
import SpawnCloseFrom

/// Debian's `chromedriver` on a loopback port it picks itself, in a process group of its own, so
/// that stopping it ends Chromium and every helper process Chromium started, whatever state the
/// test left them in.
///
///     let driver = try await ChromeDriverProcess.start()
///     defer { driver.stop() }
///     let session = try await WebDriverSession.open(driver: driver.url, options: .phone)
public final class ChromeDriverProcess: @unchecked Sendable {
    public static let driverPath = "/usr/bin/chromedriver"
    public static let chromiumPath = "/usr/bin/chromium"

    let pid: pid_t
    let port: Int
    let directory: URL
    private var stopped = false

    var url: String { "http://127.0.0.1:\(port)" }

    private init(pid: pid_t, port: Int, directory: URL) {
        self.pid = pid
        self.port = port
        self.directory = directory
    }

    /// Starts the driver and waits until it listens (it prints the port it chose).
    static func start(
        driver driverPath: String = driverPath, chromium chromiumPath: String = chromiumPath, timeout: Duration = .seconds(15)
    ) async throws -> ChromeDriverProcess {
        for program in [chromiumPath, driverPath] where !FileManager.default.isExecutableFile(atPath: program) {
            throw BrowserUnavailable.missing(program)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let started = ContinuousClock.now
        // With port 0 the driver picks a port for one address family and then binds the same
        // number on the other, which another process may hold by then: it exits, and is started
        // again, at most three times.
        for attempt in 1...3 {
            let log = directory.appendingPathComponent("chromedriver-\(attempt).log")
            let pid = try spawn(driverPath, ["--port=0"], log: log.path)
            while ContinuousClock.now - started < timeout {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                if let port = listeningPort(in: text) {
                    return ChromeDriverProcess(pid: pid, port: port, directory: directory)
                }
                var raw: Int32 = 0
                if waitpid(pid, &raw, WNOHANG) == pid {
                    if text.contains("port not available"), attempt < 3 { break }
                    throw BrowserUnavailable(description: "chromedriver exited at start: \(text)")
                }
                try await Task.sleep(for: .milliseconds(50))
            }
            if ContinuousClock.now - started >= timeout {
                kill(-pid, SIGKILL)
                var raw: Int32 = 0
                waitpid(pid, &raw, 0)
                break
            }
        }
        throw BrowserUnavailable(description: "chromedriver did not start listening within \(timeout)")
    }

    /// "ChromeDriver was started successfully on port 41531."
    static func listeningPort(in log: String) -> Int? {
        guard let range = log.range(of: "started successfully on port ") else { return nil }
        let digits = log[range.upperBound...].prefix { $0.isNumber }
        return digits.isEmpty ? nil : Int(digits)
    }

    /// Ends the driver's whole process group (the driver, Chromium and its helpers): TERM, then
    /// KILL for whatever is left after two seconds. Safe to call twice.
    func stop() {
        guard !stopped else { return }
        stopped = true
        kill(-pid, SIGTERM)
        let deadline = Date().addingTimeInterval(2)
        var raw: Int32 = 0
        var reaped = false
        while Date() < deadline {
            if waitpid(pid, &raw, WNOHANG) == pid { reaped = true }
            // The group is gone once no process is left in it.
            if reaped && kill(-pid, 0) != 0 { break }
            usleep(20_000)
        }
        kill(-pid, SIGKILL)
        if !reaped { waitpid(pid, &raw, 0) }
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { stop() }

    /// `posix_spawn` rather than Foundation's `Process`, which on Linux can crash a test process
    /// holding many descriptors; the child gets only its standard streams, default signals and a
    /// process group of its own.
    private static func spawn(_ path: String, _ arguments: [String], log: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        guard addCloseFrom(&actions, 3) == 0 else { throw BrowserUnavailable(description: "cannot close the driver's descriptors") }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = environment["HOME"] ?? NSTemporaryDirectory()
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw BrowserUnavailable(description: "cannot start \(path): errno \(spawned)") }
        return pid
    }

}
