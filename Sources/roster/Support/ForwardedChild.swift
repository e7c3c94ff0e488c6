import Foundation
import Synchronization

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
        // Each forwarded signal gets its handler synchronously, before the child starts (a
        // dispatch source is armed later, on another thread, and a signal sent to a command that
        // has already printed could be lost to it); the child gets each at its default
        // (SETSIGDEF) with none blocked, so nothing of Roster's handling leaks into it.
        SignalPassing.fromTerminalSkipped.store(isatty(STDIN_FILENO) == 1, ordering: .sequentiallyConsistent)
        for number in Self.forwarded { SignalPassing.install(number) }
        let pid = try spawn()
        SignalPassing.started(pid)
        let raw = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            Thread.detachNewThread {
                var raw: Int32 = 0
                while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
                continuation.resume(returning: raw)
            }
        }
        SignalPassing.ended()
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

/// Passing signals to the one child a `roster exec` or `roster shell` runs, from a plain signal
/// handler: atomics only, so it is safe in one. A signal that comes before the child's pid is
/// known is held and passed on as soon as it is, so none is lost to the race; one after the
/// child has ended is dropped.
private enum SignalPassing {
    /// 0 before the child starts, its pid while it runs, -1 once it has ended.
    static let child = Atomic<Int32>(0)
    /// The signals that came before the pid was known, a bit each.
    static let held = Atomic<UInt64>(0)
    static let fromTerminalSkipped = Atomic<Bool>(false)

    static func install(_ number: Int32) {
        // Each atomic made here, before any handler can be the first to touch it.
        _ = child.load(ordering: .sequentiallyConsistent)
        _ = held.load(ordering: .sequentiallyConsistent)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in SignalPassing.pass(number) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(number, &action, nil)
    }

    static func pass(_ number: Int32) {
        // Those a terminal sends the whole foreground group itself, which the child has had from
        // there. No Set here: a lazily made global is no place to be first touched in a handler.
        let typed = number == SIGINT || number == SIGQUIT || number == SIGWINCH
        if typed && fromTerminalSkipped.load(ordering: .sequentiallyConsistent) { return }
        let pid = child.load(ordering: .sequentiallyConsistent)
        if pid > 0 {
            kill(pid, number)
        } else if pid == 0 {
            held.bitwiseOr(1 << UInt64(number), ordering: .sequentiallyConsistent)
            // The pid may have come meanwhile: whoever takes the held bits passes them on.
            let now = child.load(ordering: .sequentiallyConsistent)
            if now > 0 { passHeld(to: now) }
        }
    }

    static func started(_ pid: pid_t) {
        child.store(pid, ordering: .sequentiallyConsistent)
        passHeld(to: pid)
    }

    static func ended() {
        child.store(-1, ordering: .sequentiallyConsistent)
    }

    private static func passHeld(to pid: pid_t) {
        let bits = held.exchange(0, ordering: .sequentiallyConsistent)
        guard bits != 0 else { return }
        for number in 1..<64 where bits & (1 << UInt64(number)) != 0 { kill(pid, Int32(number)) }
    }
}
