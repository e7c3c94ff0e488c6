import Foundation

/// A program `roster exec` and `roster shell` run and wait for, as `env` or `sudo` would: in
/// Roster's own process group (so it stays in the terminal's foreground, where a shell may read
/// the keyboard and Ctrl-C reaches it from the terminal), with the environment given and every
/// signal at its default. Signals sent to Roster alone are passed on to it; interrupt, quit and
/// window changes that came from the terminal reach it from there, so Roster only ignores those
/// rather than sending them twice. Its end is Roster's: its exit status, or the same signal.
struct ForwardedChild {
    let executable: String
    let arguments: [String]
    let environment: [String: String]

    /// The signals passed on.
    static let forwarded: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGWINCH]
    /// Those a terminal sends the whole foreground group itself.
    static let fromTerminal: Set<Int32> = [SIGINT, SIGQUIT, SIGWINCH]

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How a child ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// The program named by `name`: a path as it is, else the first executable of that name on `PATH`.
    static func find(_ name: String, path: String?) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Starts the child and waits for it, passing signals on meanwhile.
    func run() async throws -> Ending {
        // Ignored here before the child starts; the child gets each at its default (SETSIGDEF)
        // with none blocked, so nothing of Roster's handling leaks into it.
        let typedOnTerminal = isatty(STDIN_FILENO) == 1
        let queue = DispatchQueue(label: "roster.forward-signals")
        let child = ChildPID()
        let sources = Self.forwarded.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                if typedOnTerminal && Self.fromTerminal.contains(number) { return }
                if let pid = child.pid { kill(pid, number) }
            }
            source.resume()
            return source
        }
        defer { sources.forEach { $0.cancel() } }
        let pid = try spawn()
        queue.sync { child.pid = pid }
        let raw = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            Thread.detachNewThread {
                var raw: Int32 = 0
                while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
                continuation.resume(returning: raw)
            }
        }
        queue.sync { child.pid = nil }
        let signalled = raw & 0x7f
        return signalled == 0 ? .exited((raw >> 8) & 0xff) : .signalled(signalled)
    }

    private func spawn() throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in Self.forwarded + [SIGPIPE] { sigaddset(&defaults, number) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let error = posix_spawn(&pid, executable, nil, &attributes, argv, envp)
        guard error == 0 else { throw Failure(description: String(cString: strerror(error))) }
        return pid
    }

    /// Ends Roster as the child ended: with its exit status, or killed by the same signal.
    static func finish(_ ending: Ending) -> Never {
        switch ending {
        case .exited(let status):
            exit(status)
        case .signalled(let number):
            signal(number, SIG_DFL)
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, number)
            sigprocmask(SIG_UNBLOCK, &only, nil)
            kill(getpid(), number)
            exit(128 + number)
        }
    }
}

/// The child's pid while it runs, read by the signal handlers on their queue.
private final class ChildPID: @unchecked Sendable {
    var pid: pid_t?
}
