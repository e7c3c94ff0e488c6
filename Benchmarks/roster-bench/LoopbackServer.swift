import Foundation

/// A `roster-server serve` process on a free loopback port, for load benchmarks: a process of
/// its own, so its memory is its own and the load comes over real sockets.
///
///     let server = try LoopbackServer.start(executable: url, arguments: ["serve", "--db", path, "--demo"])
///     defer { server.stop() }
///     print(server.baseURL, server.memoryKiB("VmHWM") ?? 0)
final class LoopbackServer {
    let process: Process
    let port: Int

    var baseURL: String { "http://127.0.0.1:\(port)" }

    private init(process: Process, port: Int) {
        self.process = process
        self.port = port
    }

    /// The `roster-server` at `path`, or the one next to this `roster`; a failure saying what
    /// to do when there is none.
    static func executable(_ path: String?) throws -> URL {
        let executable = path.map { URL(fileURLWithPath: $0) }
            ?? BuiltBeside.program("roster-server")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw BenchmarkFailure("no roster-server at \(executable.path): \(BuiltBeside.howToBuild), or give --server PATH")
        }
        return executable
    }

    /// Starts `executable` with `arguments` plus `--host 127.0.0.1 --port 0`, and waits (at most
    /// `wait`) for the line that names the port it listens on.
    static func start(executable: URL, arguments: [String], wait: TimeInterval = 30) throws -> LoopbackServer {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments + ["--host", "127.0.0.1", "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw BenchmarkFailure("cannot start \(executable.path): \(error)")
        }
        let deadline = Date().addingTimeInterval(wait)
        var text = ""
        while Date() < deadline, process.isRunning {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let port = port(in: text) {
                // The rest of its output is not needed; a thread of its own drains the pipe until
                // the server exits, so the server never blocks on a full pipe. Not a
                // `readabilityHandler`: its dispatch source outlives the pipe's descriptor when the
                // server ends first, and libdispatch then stops this process (SIGILL).
                let reader = output.fileHandleForReading
                Thread.detachNewThread {
                    while !reader.availableData.isEmpty {}
                }
                return LoopbackServer(process: process, port: port)
            }
        }
        if process.isRunning { process.terminate() }
        throw BenchmarkFailure("\(executable.lastPathComponent) did not say where it listens: \(text.prefix(300))")
    }

    /// The port of a `roster-server listening on http://127.0.0.1:PORT` line.
    static func port(in text: String) -> Int? {
        guard let line = text.split(separator: "\n").first(where: { $0.contains("listening on http://127.0.0.1:") }) else { return nil }
        return line.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// A memory figure of the server from /proc (`VmRSS` now, `VmHWM` its peak), in KiB.
    func memoryKiB(_ field: String) -> Int? {
        PeakMemory.kiB(field, of: String(process.processIdentifier))
    }

    /// The processor time the server has used, user and system, in seconds (/proc/PID/stat).
    func cpuSeconds() -> Double? {
        ProcessTime.seconds(of: String(process.processIdentifier))
    }

    /// Asks the server to stop (SIGTERM: it finishes the requests in flight) and waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
