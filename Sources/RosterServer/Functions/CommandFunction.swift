import Foundation
import RosterWire
import Synchronization

/// Runs a configured command as a function: JSON in on stdin, JSON out on stdout, within a time
/// limit. The command gets a bare environment (no secrets of the server's), and its answer is
/// read up to `maxOutputBytes`.
struct CommandFunction: Sendable {
    enum Failure: Error, Equatable, CustomStringConvertible {
        case cannotStart(String)
        case timedOut(seconds: Double)
        case failed(status: Int32)
        case badAnswer(String)

        var description: String {
            switch self {
            case .cannotStart(let program): "cannot start \(program)"
            case .timedOut(let seconds): "no answer within \(Self.format(seconds)) s"
            case .failed(let status): "it exited with status \(status)"
            case .badAnswer(let why): "its answer is not usable: \(why)"
            }
        }

        private static func format(_ seconds: Double) -> String {
            seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        }
    }

    static let maxOutputBytes = 64 * 1024

    let config: FunctionConfig

    /// Runs the command with `input` and returns its answer, a JSON object.
    func call(_ input: JSONValue) async throws -> [String: JSONValue] {
        let output = try await run(Data(input.compactText.utf8))
        guard let answer = try? JSONValue(parsing: output) else { throw Failure.badAnswer("not JSON") }
        guard let object = answer.objectValue else { throw Failure.badAnswer("not a JSON object") }
        return object
    }

    /// Runs the command with `input` on stdin; returns what it wrote to stdout.
    func run(_ input: Data) async throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: config.command[0])
        process.arguments = Array(config.command.dropFirst())
        process.environment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        let finished = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in
            finished.continuation.yield()
            finished.continuation.finish()
        }
        do {
            try process.run()
        } catch {
            throw Failure.cannotStart(config.command[0])
        }
        // Pipes block: they are read and written on Dispatch threads, never on the threads that
        // run the server's tasks, and a command that does not read its input holds up nothing.
        let output = stdout.fileHandleForReading
        async let reading: Data = withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: Self.read(output)) }
        }
        let writer = stdin.fileHandleForWriting
        DispatchQueue.global().async {
            try? writer.write(contentsOf: input)
            try? writer.close()
        }
        let timeout = config.timeoutSeconds
        let outOfTime = Atomic<Bool>(false)
        let timer = Task {
            try await Task.sleep(for: .milliseconds(Int(timeout * 1000)))
            outOfTime.store(true, ordering: .relaxed)
            process.terminate()
            try await Task.sleep(for: .seconds(1))
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        for await _ in finished.stream {}
        timer.cancel()
        let answer = await reading
        if outOfTime.load(ordering: .relaxed) { throw Failure.timedOut(seconds: timeout) }
        guard process.terminationStatus == 0 else { throw Failure.failed(status: process.terminationStatus) }
        return answer
    }

    /// Reads to the end, keeping at most `maxOutputBytes`.
    private static func read(_ handle: FileHandle) -> Data {
        var kept = Data()
        while let chunk = try? handle.read(upToCount: 16 * 1024), !chunk.isEmpty {
            if kept.count < maxOutputBytes { kept.append(chunk.prefix(maxOutputBytes - kept.count)) }
        }
        return kept
    }
}
