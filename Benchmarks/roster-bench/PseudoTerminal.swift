import Foundation

/// A pseudo-terminal of a given size, and a process started on it as a person's shell would be:
/// its own session, the terminal as its controlling one and its standard input and output.
final class PseudoTerminal {
    let controller: Int32
    let devicePath: String

    init(columns: Int, rows: Int) throws {
        let open = try Self.libc("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
        let grant = try Self.libc("grantpt", as: (@convention(c) (Int32) -> Int32).self)
        let unlock = try Self.libc("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
        let name = try Self.libc("ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32).self)
        controller = open(O_RDWR | O_NOCTTY)
        var path = [CChar](repeating: 0, count: 128)
        guard controller >= 0, grant(controller) == 0, unlock(controller) == 0, name(controller, &path, path.count) == 0 else {
            throw BenchmarkFailure("cannot open a pseudo-terminal")
        }
        devicePath = String(cString: path)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(controller, UInt(TIOCSWINSZ), &size) == 0 else { throw BenchmarkFailure("cannot size the pseudo-terminal") }
    }

    /// A function of the C library that Swift's Glibc module leaves out (it is declared only
    /// under `_XOPEN_SOURCE`).
    private static func libc<Function>(_ name: String, as type: Function.Type) throws -> Function {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { throw BenchmarkFailure("the C library has no \(name)") }
        return unsafeBitCast(symbol, to: type)
    }

    /// glibc's `POSIX_SPAWN_SETSID` (2.26 and later), left out of Swift's Glibc module with
    /// `_GNU_SOURCE`: the child starts a session of its own.
    private static let spawnSetsid: Int16 = 0x80

    /// Starts `arguments` on the terminal with exactly `environment`.
    func spawn(_ arguments: [String], environment: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // In its new session, the first terminal it opens becomes its controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, devicePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, controller)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Self.spawnSetsid)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let failed = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard failed == 0 else { throw BenchmarkFailure("cannot start \(arguments[0]): \(String(cString: strerror(failed)))") }
        return pid
    }

    /// What the process wrote, waiting at most `milliseconds` for some; nil when nothing came
    /// or the process is gone.
    func read(waitingAtMost milliseconds: Int32) -> [UInt8]? {
        var poller = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, milliseconds) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = Glibc.read(controller, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return Array(buffer.prefix(count))
    }

    func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.write(controller, $0.baseAddress, $0.count) }
    }

    func close() {
        _ = Glibc.close(controller)
    }
}
