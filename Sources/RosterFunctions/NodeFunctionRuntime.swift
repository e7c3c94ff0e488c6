// roster-bench functions (docs/BENCHMARKS.md, run J2), release, 2026-12-02, load 8-10, three runs
// of the build before and after this runtime's pipe and spare context, alternating: a trivial
// function over a findOne data call 1.57, 1.78, 1.85 before, 1.15, 1.41, 1.38 after (target 1.5,
// met); a function making that findOne over the data call alone 2.78, 3.42, 4.09 before, 2.90,
// 2.80, 2.62 after (target 1.3, missed). What is left is the process itself: the findOne inside
// a function crosses between processes four times (the run, the call, its answer, the result),
// and each crossing waits for the other process to be scheduled: 1.10 ms for the four at load
// 10 (medians 179, 76, 660 and 187 µs) against 0.72 ms for the whole data call, where 1.3 leaves
// 0.22 ms for everything the function adds.
//
// The engine, chosen by measurement (Benchmarks/FunctionEngines; the method and the figures are in
// docs/BENCHMARKS.md, "Roster's own pieces in place of stock ones"). JavaScriptCore in-process is
// about ten times faster per call than a Node.js worker, but both are far below what the call
// around them costs (an HTTP request and a data call are hundreds of µs), and only the worker gives
// each execution the limits Roster needs: a heap cap (`--max-old-space-size`; JavaScriptCore has
// none in-process, so one function's memory hog would end the whole server), a deadline that stops
// an endless loop and an endless `await` alike (the process is killed and another started;
// JavaScriptCore's execution time limit stops a loop but not a pending promise), and no host access
// (Node's permission model: no file system beyond the worker's own files, no child processes or
// workers, no code from strings; each function in a `vm` context of its own that holds only App
// Services' globals). js-bson, well kept and the BSON App Services functions use, runs in Node as
// it is. A fresh context per execution adds about 0.5 ms.

import Foundation
import RosterServerCore
import RosterWire
import Synchronization

/// App Services' JavaScript functions on Node.js: a pool of long-lived worker processes
/// (`NodeWorker`), one function at a time each, a worker for each heap size asked for. A worker
/// is reused while its functions end by answering or throwing; one that ran past its deadline,
/// ran out of memory or lost its caller is killed, and the next call starts a new one.
///
///     let runtime = NodeFunctionRuntime.shared
///     let answer = try await runtime.run(execution, host: host)
public final class NodeFunctionRuntime: FunctionRuntime {
    /// One pool for the whole process: the servers a process opens share its workers.
    public static let shared = NodeFunctionRuntime()

    /// Where js-bson is: Debian's node-mongodb bundles it.
    public static let debianBSON = "/usr/share/nodejs/mongodb/node_modules/bson"

    /// How many idle workers of one heap size are kept for the next calls.
    let idleLimit: Int
    /// Node.js: a name looked up on `/usr/local/bin:/usr/bin:/bin`, or a path.
    private let node: String
    private let bson: String
    private let idle = Mutex<[Int: [NodeWorker]]>([:])

    public init(node: String = "node", bson: String = NodeFunctionRuntime.debianBSON, idleLimit: Int = 4) {
        self.node = node
        self.bson = bson
        self.idleLimit = idleLimit
    }

    public func run(_ execution: FunctionExecution, host: any FunctionHost) async throws -> JSONValue {
        let worker = try await take(memoryMegabytes: execution.memoryMegabytes)
        let job: JSONValue = [
            "name": .string(execution.name), "source": .string(execution.source), "arguments": .array(execution.arguments),
            "context": .object(execution.context),
        ]
        do {
            let answer = try await worker.execute(job, host: host, deadline: execution.deadline)
            giveBack(worker)
            return answer
        } catch {
            giveBack(worker)
            throw error
        }
    }

    private func take(memoryMegabytes: Int) async throws -> NodeWorker {
        while let worker = idle.withLock({ $0[memoryMegabytes]?.popLast() }) {
            if worker.isUsable { return worker }
            worker.kill()
        }
        guard let script = Bundle.module.url(forResource: "worker", withExtension: "js", subdirectory: "Worker") else {
            throw FunctionRuntimeFailure.notStarted("the worker's script is missing beside roster-server")
        }
        guard FileManager.default.fileExists(atPath: bson) else {
            throw FunctionRuntimeFailure.notStarted("js-bson is not at \(bson) (Debian's node-mongodb)")
        }
        return try await NodeWorker.start(memoryMegabytes: memoryMegabytes, files: .init(node: node, worker: script, bson: bson))
    }

    private func giveBack(_ worker: NodeWorker) {
        guard worker.isUsable else {
            worker.kill()
            return
        }
        let kept = idle.withLock { idle -> Bool in
            guard idle[worker.memoryMegabytes, default: []].count < idleLimit else { return false }
            idle[worker.memoryMegabytes, default: []].append(worker)
            return true
        }
        if !kept { worker.kill() }
    }
}
