import Foundation
import RosterServerCore
import RosterWire
import Subprocess
import Synchronization
import SystemPackage

/// One Node.js process running `Worker/worker.js`, one function at a time. It runs in a session
/// of its own, with no file system rights beyond reading the worker and js-bson, no child
/// processes, no code made from strings and a heap of `memoryMegabytes`; when a function runs
/// past its deadline, or its caller goes away, the process is killed, and not used again.
///
///     let worker = try await NodeWorker.start(memoryMegabytes: 128, files: files)
///     let answer = try await worker.execute(["name": "sum", …], host: host, deadline: .seconds(10))
final class NodeWorker: Sendable {
    /// Node.js (a name looked up on the worker's PATH, or a path), and where the worker's script
    /// and js-bson are.
    struct Files: Sendable {
        var node: String
        var worker: URL
        var bson: String
    }

    /// The most one frame from the worker may hold.
    static let maxFrameBytes = 64 << 20

    let memoryMegabytes: Int
    private let session = CommandSession()
    private let pipe: WorkerPipe
    private let state = Mutex(State())

    private struct State {
        /// Who is told of the worker's frames and of its end.
        var listener: (@Sendable (Event) -> Void)?
        var ended: Ending?
        /// Set once an execution did not end with an answer of the worker's own.
        var spent = false
    }

    enum Event: Sendable {
        case frame(JSONValue)
        case ended(Ending)
    }

    /// How the process ended: its status, or a broken frame (which Roster ended it for).
    enum Ending: Sendable {
        case exited(TerminationStatus)
        case brokenFrame
        case couldNotStart(String)
    }

    private init(memoryMegabytes: Int, pipe: WorkerPipe) {
        self.memoryMegabytes = memoryMegabytes
        self.pipe = pipe
    }

    /// Whether the worker may run another function.
    var isUsable: Bool { state.withLock { $0.ended == nil && !$0.spent } }

    /// Starts a worker and waits until it has loaded what functions need; `notStarted` when
    /// Node.js is not there or the worker ends before it is ready.
    static func start(memoryMegabytes: Int, files: Files) async throws -> NodeWorker {
        // A worker killed at its deadline or heap cap leaves a pipe that a frame may still be
        // written to: EPIPE for the writer, never SIGPIPE for the server.
        BrokenPipes.ignore()
        let pipe: WorkerPipe
        do {
            pipe = try WorkerPipe()
        } catch {
            throw FunctionRuntimeFailure.notStarted("no pipe to a Node.js worker could be made (\(error))")
        }
        let worker = NodeWorker(memoryMegabytes: memoryMegabytes, pipe: pipe)
        // Why it did not become ready, or nil once it is.
        let ready = Once<String?>()
        worker.listen { event in
            switch event {
            case .frame(let frame): ready.settle(frame["ready"] == .bool(true) ? nil : "its first frame was not ready")
            case .ended(.couldNotStart(let why)): ready.settle("Node.js ('\(files.node)') could not be started: \(why)")
            case .ended(let ending): ready.settle("it ended before it was ready (\(ending))")
            }
        }
        Task.detached { await worker.serve(files: files) }
        if let why = await ready.value {
            worker.kill()
            throw FunctionRuntimeFailure.notStarted(
                "the Node.js worker did not start: \(why) (roster-server needs Node.js 20 or later, and Debian's node-mongodb)")
        }
        return worker
    }

    /// Runs the process until it ends, handing its frames to the listener as the pipe's reader
    /// thread reads them.
    private func serve(files: Files) async {
        var options = PlatformOptions()
        options.createSession = true
        let folder = files.worker.deletingLastPathComponent().path
        let arguments = [
            "--experimental-permission", "--allow-fs-read=\(folder)", "--allow-fs-read=\(files.bson)",
            "--disallow-code-generation-from-strings", "--max-old-space-size=\(memoryMegabytes)", "--no-warnings",
            files.worker.path, files.bson,
        ]
        let configuration = Configuration(
            executable: files.node.contains("/") ? .path(FilePath(files.node)) : .name(files.node), arguments: Arguments(arguments),
            environment: .custom(["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"]), platformOptions: options)
        let ending: Ending
        do {
            let result = try await Subprocess.run(
                configuration, input: .fileDescriptor(pipe.childInput, closeAfterSpawningProcess: true),
                output: .fileDescriptor(pipe.childOutput, closeAfterSpawningProcess: true), error: .discarded
            ) { execution in
                session.started(execution.processIdentifier.value)
                let intact = await pipe.read(limit: Self.maxFrameBytes) { [weak self] frame in
                    self?.state.withLock { $0.listener }?(.frame(frame))
                }
                // The output ended or broke: the worker is ended, and waited for.
                session.kill()
                return intact
            }
            ending = result.closureResult ? .exited(result.terminationStatus) : .brokenFrame
        } catch {
            ending = .couldNotStart("\(error)")
        }
        pipe.close()
        session.end()
        let listener = state.withLock { state -> (@Sendable (Event) -> Void)? in
            state.ended = ending
            return state.listener
        }
        listener?(.ended(ending))
    }

    private func listen(_ listener: (@Sendable (Event) -> Void)?) {
        state.withLock { $0.listener = listener }
    }

    private func send(_ message: JSONValue) {
        pipe.send(FrameReader.frame(message))
    }

    /// Kills the process; it is not used again.
    func kill() {
        state.withLock { $0.spent = true }
        session.kill()
    }

    /// Runs one function (`job`: name, source, arguments, context) and answers what it returned,
    /// as relaxed Extended JSON. Past `deadline`, or when the calling task is cancelled, the
    /// process is killed.
    func execute(_ job: JSONValue, host: any FunctionHost, deadline: Duration) async throws -> JSONValue {
        let outcome = Once<Result<JSONValue, FunctionRuntimeFailure>>()
        let calls = Mutex<[Task<Void, Never>]>([])
        let memory = memoryMegabytes
        listen { [weak self] event in
            switch event {
            case .frame(let frame):
                if let done = frame["done"] {
                    if let error = done["error"]?.stringValue {
                        outcome.settle(.failure(.threw(error)))
                    } else {
                        outcome.settle(.success(done["result"] ?? .null))
                    }
                } else if let level = frame["log"]?.stringValue {
                    host.log(frame["text"]?.stringValue ?? "", isError: level == "error")
                } else if let number = frame["call"] {
                    let call = Task<Void, Never> { await self?.answer(number, frame, host: host) }
                    calls.withLock { $0.append(call) }
                }
            case .ended(let ending):
                outcome.settle(.failure(Self.failure(ending, memory: memory)))
            }
        }
        defer {
            listen(nil)
            for call in calls.withLock({ $0 }) { call.cancel() }
        }
        if let ending = state.withLock({ $0.ended }) {
            throw Self.failure(ending, memory: memory)
        }
        send(["run": job])
        let timer = Task {
            try await Task.sleep(for: deadline)
            outcome.settle(.failure(.outOfTime(seconds: Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18)))
        }
        defer { timer.cancel() }
        let result = await withTaskCancellationHandler {
            await outcome.value
        } onCancel: {
            outcome.settle(.failure(.unavailable("the call was cancelled")))
        }
        switch result {
        case .success(let answer):
            return answer
        case .failure(let failure):
            if case .threw = failure {} else { kill() }
            throw failure
        }
    }

    /// Answers a function's call back into the server.
    private func answer(_ number: JSONValue, _ frame: JSONValue, host: any FunctionHost) async {
        let arguments = frame["arguments"]?.arrayValue ?? []
        let reply: JSONValue
        do {
            let result: JSONValue
            if let name = frame["execute"]?.stringValue {
                result = try await host.execute(name, arguments: arguments)
            } else if let data = frame["data"] {
                result = try await host.data(
                    service: data["service"]?.stringValue ?? "", database: data["database"]?.stringValue ?? "",
                    collection: data["collection"]?.stringValue ?? "", action: data["action"]?.stringValue ?? "",
                    arguments: data["arguments"]?.arrayValue ?? [])
            } else {
                throw FunctionRuntimeFailure.unavailable("unknown call")
            }
            reply = ["answer": number, "result": result]
        } catch let error as ErrorResponse {
            reply = ["answer": number, "error": .string(error.error)]
        } catch {
            reply = ["answer": number, "error": .string("\(error)")]
        }
        guard !Task.isCancelled else { return }
        send(reply)
    }

    private static func failure(_ ending: Ending, memory: Int) -> FunctionRuntimeFailure {
        switch ending {
        // V8 aborts the process when the heap is full.
        case .exited(.signaled(SIGABRT)), .exited(.exited(134)): .outOfMemory(megabytes: memory)
        case .exited(let status): .unavailable("the worker ended (\(status))")
        case .brokenFrame: .unavailable("the worker's answer was too large or not JSON")
        case .couldNotStart(let why): .unavailable("the Node.js worker could not start: \(why)")
        }
    }
}
