import Foundation
import Testing

@testable import RosterServerCore
@testable import RosterWire

@Suite struct CommandFunctionTests {
    /// A command that answers and exits but leaves a process behind, holding its output: the
    /// answer counts, and the process ends with the run rather than running on (here for 30 s).
    @Test func aProcessACommandLeavesBehindEndsWithIt() async throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("roster-left-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let function = CommandFunction(config: FunctionConfig(
            command: ["/bin/sh", "-c", "sleep 30 & echo $! > '\(pidFile.path)'; printf '{}'"], timeoutSeconds: 60))
        #expect(try await function.call(.object([:])) == [:])
        let pid = try #require(Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        var running = true
        for _ in 0..<50 where running {
            running = Self.isRunning(pid)
            if running { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(!running, "the process left behind still runs")
    }

    /// Past its time limit, a command and what it started are killed.
    @Test func aCommandPastItsTimeLimitEndsWithWhatItStarted() async throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("roster-slow-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let function = CommandFunction(config: FunctionConfig(
            command: ["/bin/sh", "-c", "trap '' TERM; sleep 30 & echo $! > '\(pidFile.path)'; wait"], timeoutSeconds: 1))
        await #expect(throws: CommandFunction.Failure.timedOut(seconds: 1)) { try await function.call(.object([:])) }
        let pid = try #require(Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        var running = true
        for _ in 0..<50 where running {
            running = Self.isRunning(pid)
            if running { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(!running, "what the command started still runs")
    }

    /// A command that answers and exits is not waited for to its time limit (five minutes here:
    /// a call held to it would outlast the test's own time limit).
    @Test(.timeLimit(.minutes(1))) func aCommandThatAnswersIsNotHeldToItsTimeLimit() async throws {
        let function = CommandFunction(config: FunctionConfig(command: ["/bin/sh", "-c", #"cat > /dev/null; printf '{"ok": true}'"#], timeoutSeconds: 300))
        #expect(try await function.call(.object(["a": .int(1)])) == ["ok": .bool(true)])
    }

    /// Whether `pid` is a process that has not ended (a zombie has).
    private static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }
}
