import Foundation
import Subprocess
import SystemPackage

/// One run of wrk (the HTTP load generator) against one route, and what it reported.
///
///     let load = WrkRun.Load(method: "GET", path: "/api/client/v2.0/app/roster-demo/location")
///     let report = try await WrkRun.run(load, base: "http://127.0.0.1:9090", connections: 64, seconds: 10, in: directory)
///     print(report.requestsPerSecond, report.p99)
enum WrkRun {
    /// What each request sends. `bodies` with more than one entry are sent in turn.
    struct Load {
        var method: String
        var path: String
        var headers: [String: String] = [:]
        var bodies: [String] = []
        /// Counts the answers by status (`Report.statuses`), at some cost to wrk itself.
        var countsStatuses = false
        /// The one status every answer should have, for a route whose right answer is a refusal
        /// (a device poll's 400 while nobody has approved): answers are counted by status, and
        /// only those with another status count as failed.
        var expectedStatus: Int?
    }

    /// What wrk reported: throughput, latency percentiles in milliseconds, and the answers that
    /// were not 2xx or 3xx and the socket errors (both should be none).
    struct Report: Equatable {
        var requestsPerSecond: Double
        var p50: Double
        var p99: Double
        var requests: Int
        var failedAnswers: Int
        var socketErrors: Int
        /// Answers by status, when the load counts them.
        var statuses: [Int: Int] = [:]

        /// The answers that were not 2xx or 3xx, and the socket errors.
        var failed: Int { failedAnswers + socketErrors }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs wrk with `connections` connections (and `threads` threads, by default as many as
    /// cores, at most one a connection) for `seconds`, at the scheduling priority `niceness`
    /// (0: the caller's; 19: only what nothing else wants). The request is described in a Lua
    /// script written to `directory`, owner-only, since it may carry a token; it is removed afterwards.
    static func run(
        _ load: Load, base: String, connections: Int, seconds: Int, threads: Int? = nil, niceness: Int = 0, timeoutSeconds: Int = 60,
        in directory: URL
    ) async throws -> Report {
        let threads = max(1, min(connections, threads ?? ProcessInfo.processInfo.activeProcessorCount))
        let script = directory.appendingPathComponent("wrk-\(UUID().uuidString).lua")
        let text = luaScript(for: load, threads: threads)
        guard FileManager.default.createFile(atPath: script.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        else { throw Failure(description: "cannot write \(script.path)") }
        defer { try? FileManager.default.removeItem(at: script) }
        let result: ExecutionResult<Void, StringOutput<UTF8>, StringOutput<UTF8>>
        do {
            let wrk = [
                "wrk", "-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--timeout", "\(timeoutSeconds)s", "--latency", "-s", script.path,
                base + load.path,
            ]
            result = try await Subprocess.run(
                .name(niceness == 0 ? "wrk" : "nice"), arguments: .init(niceness == 0 ? Array(wrk.dropFirst()) : ["-n", "\(niceness)"] + wrk),
                output: .string(limit: 1 << 20), error: .string(limit: 1 << 16))
        } catch let error as SubprocessError where error.code == .executableNotFound {
            throw Failure(description: notInstalled)
        }
        let output = result.standardOutput
        guard result.terminationStatus.isSuccess, var report = parse(output) else {
            throw Failure(description: "wrk failed (\(result.terminationStatus)): \(result.standardError + output)")
        }
        if let expected = load.expectedStatus {
            report.failedAnswers = report.statuses.filter { $0.key != expected }.values.reduce(0, +)
        }
        return report
    }

    /// Fails unless wrk is on the PATH, before anything is set up for it.
    static func requireInstalled(path: String? = ProcessInfo.processInfo.environment["PATH"]) throws {
        let found = (path ?? "").split(separator: ":").contains { folder in
            FileManager.default.isExecutableFile(atPath: String(folder) + "/wrk")
        }
        guard found else { throw Failure(description: notInstalled) }
    }

    static let notInstalled = "wrk is not installed (Debian: apt-get install wrk)"

    /// A Lua script for wrk's `threads` threads that sends `load`: one request, or the bodies in turn.
    static func luaScript(for load: Load, threads: Int) -> String {
        var lines = ["wrk.method = \(lua(load.method))"]
        for (name, value) in load.headers.sorted(by: { $0.key < $1.key }) {
            lines.append("wrk.headers[\(lua(name))] = \(lua(value))")
        }
        // Each of wrk's threads gets its number (`first`), and is kept so that `done` can read
        // what it counted.
        lines += [
            "local created = 0",
            "local started = {}",
            "function setup(thread)",
            "  thread:set(\"first\", created)",
            "  created = created + 1",
            "  table.insert(started, thread)",
            "end",
        ]
        if load.countsStatuses || load.expectedStatus != nil {
            // Each thread counts its answers by status; `done` prints the sums as "status N COUNT".
            lines += [
                "counts = {}",
                "function response(status, headers, body)",
                "  counts[status] = (counts[status] or 0) + 1",
                "end",
                "function done(summary, latency, requests)",
                "  local total = {}",
                "  for _, thread in ipairs(started) do",
                "    for status, count in pairs(thread:get(\"counts\")) do total[status] = (total[status] or 0) + count end",
                "  end",
                "  for status, count in pairs(total) do io.write(string.format(\"status %d %d\\n\", status, count)) end",
                "end",
            ]
        }
        switch load.bodies.count {
        case 0: break
        case 1: lines.append("wrk.body = \(lua(load.bodies[0]))")
        default:
            // Each of wrk's threads takes every `threads`-th body from its own first one, so no
            // two threads send the same body at once.
            lines += [
                "local bodies = {" + load.bodies.map(lua).joined(separator: ",\n") + "}",
                "local threads = \(threads)",
                "local next = nil",
                "request = function()",
                "  if next == nil then next = first end",
                "  local body = bodies[next % #bodies + 1]",
                "  next = next + threads",
                "  return wrk.format(nil, nil, nil, body)",
                "end",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Lua string literal of `text`.
    private static func lua(_ text: String) -> String {
        var quoted = "\""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): quoted += "\\\""
            case UInt8(ascii: "\\"): quoted += "\\\\"
            case 0x20..<0x7F: quoted += String(UnicodeScalar(byte))
            default: quoted += String(format: "\\%03d", byte)
            }
        }
        return quoted + "\""
    }

    /// The figures of wrk's `--latency` report; nil when a figure is missing.
    static func parse(_ output: String) -> Report? {
        var perSecond: Double?
        var p50: Double?
        var p99: Double?
        var requests: Int?
        var failed = 0
        var socketErrors = 0
        var statuses: [Int: Int] = [:]
        for raw in output.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if line.hasPrefix("Requests/sec:"), words.count >= 2 {
                perSecond = Double(words[1])
            } else if line.hasPrefix("50%"), words.count >= 2 {
                p50 = milliseconds(words[1])
            } else if line.hasPrefix("99%"), words.count >= 2 {
                p99 = milliseconds(words[1])
            } else if line.contains(" requests in "), let first = words.first {
                requests = Int(first)
            } else if line.hasPrefix("Non-2xx or 3xx responses:"), let last = words.last {
                failed = Int(last) ?? 0
            } else if words.count == 3, words[0] == "status", let status = Int(words[1]), let count = Int(words[2]) {
                statuses[status] = count
            } else if line.hasPrefix("Socket errors:") {
                // "Socket errors: connect 0, read 0, write 0, timeout 0"
                socketErrors = words.compactMap { Int($0.trimmingCharacters(in: CharacterSet(charactersIn: ","))) }.reduce(0, +)
            }
        }
        guard let perSecond, let p50, let p99, let requests else { return nil }
        return Report(requestsPerSecond: perSecond, p50: p50, p99: p99, requests: requests, failedAnswers: failed, socketErrors: socketErrors, statuses: statuses)
    }

    /// wrk's "812.00us", "1.23ms" or "2.01s", in milliseconds.
    static func milliseconds(_ text: String) -> Double? {
        for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { $0 * scale }
        }
        return nil
    }
}
