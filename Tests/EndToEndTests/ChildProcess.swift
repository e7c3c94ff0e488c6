import Foundation
import SpawnCloseFrom

/// A program the tests start with `posix_spawn`, in place of Foundation's `Process`: on Linux,
/// `Process.run()` lists `/proc/self/fd` reading 256 bytes of every entry's name, and when the
/// test process holds some 1,400 descriptors (servers, stores and pipes of tests running side by
/// side) that read runs off the end of the listing's buffer and the whole test run dies of
/// SIGSEGV. The child gets only its three standard streams (every other descriptor is closed in
/// it, whichever thread opened it), no blocked or ignored signals, and the environment given.
///
///     let child = try ChildProcess(path: "/usr/bin/tmux", ["-V"], environment: [:], stdout: .pipe)
///     let version = child.readOutputToEnd(); let status = child.wait()
final class ChildProcess {
    /// Where a standard stream of the child goes.
    enum Stream {
        case null
        case pipe
        /// Stdout or stderr appended to the file at this path (created if missing), for the test to read.
        case file(String)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let pid: pid_t
    /// The write end of the child's stdin, with `.pipe`.
    let input: FileHandle?
    /// The read ends of the child's stdout and stderr, with `.pipe`.
    let output: FileHandle?
    let errors: FileHandle?
    private var status: Int32?

    /// A child that exits before reading all its input would end the whole test run with
    /// SIGPIPE on the next write: the run ignores it, and the write fails instead.
    private static let brokenPipesIgnored: Void = { _ = Glibc.signal(SIGPIPE, SIG_IGN) }()

    init(
        path: String, _ arguments: [String], environment: [String: String], stdin: Stream = .null, stdout: Stream = .null,
        stderr: Stream = .null
    ) throws {
        _ = Self.brokenPipesIgnored
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32?] = []
        var childEnds: [Int32] = []
        defer { childEnds.forEach { close($0) } }
        for (descriptor, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
                parentEnds.append(nil)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
                parentEnds.append(nil)
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { throw Failure(description: "no pipe: errno \(errno)") }
                // Every child spawned here closes what it did not ask for; close-on-exec keeps
                // these ends from children that others spawn too.
                ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
                let (parent, child) = descriptor == 0 ? (ends[1], ends[0]) : (ends[0], ends[1])
                parentEnds.append(parent)
                childEnds.append(child)
                // dup2 clears close-on-exec on the copy the child keeps.
                posix_spawn_file_actions_adddup2(&actions, child, descriptor)
            }
        }
        guard addCloseFrom(&actions, 3) == 0 else { throw Failure(description: "cannot close the child's descriptors") }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The calling thread may block signals (the concurrency runtime's threads do), and a child
        // inherits its mask: it would then never hear SIGTERM, or of its own children's exits.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            parentEnds.compactMap { $0 }.forEach { close($0) }
            throw Failure(description: "cannot start \(path): errno \(spawned)")
        }
        self.pid = pid
        input = parentEnds[0].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        output = parentEnds[1].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        errors = parentEnds[2].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
    }

    /// Sends `signal` to the child, unless it has been waited for.
    func signal(_ signal: Int32) {
        if status == nil { kill(pid, signal) }
    }

    /// Whether the child has not exited yet (it is reaped if it has).
    var isRunning: Bool {
        if status != nil { return false }
        var raw: Int32 = 0
        let reaped = waitpid(pid, &raw, WNOHANG)
        if reaped == pid { status = Self.decode(raw) }
        return reaped == 0
    }

    /// Waits for the child to exit: its exit status, or 128 + the signal that ended it.
    @discardableResult
    func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
        let decoded = Self.decode(raw)
        status = decoded
        return decoded
    }

    private static func decode(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }

    /// Runs `path` to its end with `stdin` written to it, reading its stdout and stderr at once so
    /// that neither pipe fills and stalls it.
    static func run(path: String, _ arguments: [String], environment: [String: String], stdin: Data? = nil) throws
        -> (status: Int32, stdout: Data, stderr: Data)
    {
        let child = try ChildProcess(path: path, arguments, environment: environment, stdin: .pipe, stdout: .pipe, stderr: .pipe)
        let writer = child.input!
        DispatchQueue.global().async {
            if let stdin { try? writer.write(contentsOf: stdin) }
            try? writer.close()
        }
        let errors = Collected()
        let errorStream = child.errors!
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errors.data = errorStream.readDataToEndOfFile()
            group.leave()
        }
        let out = child.output!.readDataToEndOfFile()
        group.wait()
        return (child.wait(), out, errors.data)
    }

    /// `run` for a program that should end by itself without a line on stdout, as a refusal
    /// does: at its first line on stdout (a server that started instead) it is sent SIGTERM, and
    /// past `seconds` without ending or writing it is killed, so that a test waits on neither.
    /// `stopped` says why it was stopped; nil when it ended by itself.
    ///
    ///     let ran = try ChildProcess.runToItsEnd(path: server, ["serve", "--port", "70000"], environment: [:])
    ///     #expect(ran.stopped == nil && ran.status == 64)
    static func runToItsEnd(path: String, _ arguments: [String], environment: [String: String], seconds: Int = 30)
        throws -> (status: Int32, stdout: Data, stderr: Data, stopped: String?)
    {
        let child = try ChildProcess(path: path, arguments, environment: environment, stdout: .pipe, stderr: .pipe)
        let (outputStream, errorStream) = (child.output!, child.errors!)
        // `told` is written once, before the signal, and read only after it.
        let (output, told, errors) = (Collected(), Collected(), Collected())
        let lineOrEnd = DispatchSemaphore(value: 0)
        let ended = DispatchGroup()
        ended.enter()
        DispatchQueue.global().async {
            var waiting = true
            while true {
                let chunk = outputStream.availableData
                output.data.append(chunk)
                if waiting, chunk.isEmpty || chunk.contains(UInt8(ascii: "\n")) {
                    waiting = false
                    told.data = output.data
                    lineOrEnd.signal()
                }
                if chunk.isEmpty { break }
            }
            ended.leave()
        }
        ended.enter()
        DispatchQueue.global().async {
            errors.data = errorStream.readDataToEndOfFile()
            ended.leave()
        }
        var stopped: String?
        if lineOrEnd.wait(timeout: .now() + .seconds(seconds)) == .timedOut {
            stopped = "it neither ended nor wrote a line within \(seconds) s"
            kill(child.pid, SIGKILL)
        } else if let line = told.data.split(separator: UInt8(ascii: "\n")).first {
            stopped = "it wrote '\(String(decoding: line, as: UTF8.self))' and ran on"
            kill(child.pid, SIGTERM)
        }
        if ended.wait(timeout: .now() + .seconds(seconds)) == .timedOut {
            kill(child.pid, SIGKILL)
            ended.wait()
        }
        return (child.wait(), output.data, errors.data, stopped)
    }

    /// Reads stdout line by line until `enough` says so, or the stream ends.
    func readLines(until enough: ([String]) -> Bool) -> [String] {
        var lines: [String] = []
        var line = Data()
        while let output, !enough(lines) {
            let byte = output.readData(ofLength: 1)
            if byte.isEmpty { break }
            if byte == Data("\n".utf8) {
                lines.append(String(decoding: line, as: UTF8.self))
                line = Data()
            } else {
                line.append(byte)
            }
        }
        return lines
    }
}

private final class Collected: @unchecked Sendable {
    var data = Data()
}
