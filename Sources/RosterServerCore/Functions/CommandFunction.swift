import Foundation
import RosterWire
import Subprocess
import SystemPackage

/// Runs a configured command as a function: JSON in on stdin, JSON out on stdout, within a time
/// limit. The command gets a bare environment (no secrets of the server's), and its answer is
/// read up to `maxOutputBytes`.
package struct CommandFunction: Sendable {
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case cannotStart(String)
        case timedOut(seconds: Double)
        case failed(status: Int32)
        case badAnswer(String)

        package var description: String {
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

    package static let maxOutputBytes = 64 * 1024

    package let config: FunctionConfig

    /// Runs the command with `input` and returns its answer, a JSON object.
    package func call(_ input: JSONValue) async throws -> JSONObject {
        let output = try await run(Data(input.compactText.utf8))
        guard let answer = try? JSONValue(parsing: output) else { throw Failure.badAnswer("not JSON") }
        guard let object = answer.objectValue else { throw Failure.badAnswer("not a JSON object") }
        return object
    }

    /// Runs the command with `input` on stdin; returns what it wrote to stdout. The command runs
    /// in a session of its own, so that past the time limit SIGTERM, and SIGKILL a second later,
    /// reach every process it started, and none outlives its run.
    package func run(_ input: Data) async throws -> Data {
        let timeout = config.timeoutSeconds
        var options = PlatformOptions()
        options.createSession = true
        options.teardownSequence = [
            .gracefulShutDown(toProcessGroup: true, allowedDurationToNextStep: .seconds(1)),
            .send(signal: .kill, toProcessGroup: true, allowedDurationToNextStep: .seconds(1)),
        ]
        let configuration = Configuration(
            executable: .path(FilePath(config.command[0])), arguments: Arguments(Array(config.command.dropFirst())),
            environment: .custom(["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"]), platformOptions: options)
        let session = CommandSession()
        let outcome = try await withThrowingTaskGroup(of: Outcome.self) { group in
            group.addTask {
                do {
                    BrokenPipes.ignore()
                    // What the command leaves behind ends with it.
                    defer { session.end() }
                    let result = try await Subprocess.run(
                        configuration, input: .inputWriter, output: .data(limit: Self.maxOutputBytes), error: .discarded
                    ) { execution in
                        session.started(execution.processIdentifier.value)
                        // A command may answer without reading its input, and close it: what it
                        // answers and how it exits are what count.
                        _ = try? await execution.standardInputWriter.write(Array(input))
                        try? await execution.standardInputWriter.finish()
                    }
                    return .finished(result.terminationStatus, result.standardOutput)
                } catch let error as SubprocessError where error.code == .outputLimitExceeded {
                    return .tooLong
                } catch let error as SubprocessError where error.code == .executableNotFound || error.code == .spawnFailed {
                    return .cannotStart
                }
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int(timeout * 1000)))
                // The command may have exited and left a process holding its output, which the
                // teardown (for the command alone) would not reach.
                session.kill()
                return .outOfTime
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
        switch outcome {
        case .cannotStart: throw Failure.cannotStart(config.command[0])
        case .outOfTime: throw Failure.timedOut(seconds: timeout)
        case .tooLong: throw Failure.badAnswer("longer than \(Self.maxOutputBytes / 1024) KiB")
        case .finished(.exited(0), let output): return output
        case .finished(.exited(let status), _): throw Failure.failed(status: status)
        case .finished(.signaled(let signal), _): throw Failure.failed(status: 128 + signal)
        }
    }

    /// How a run ended.
    private enum Outcome: Sendable {
        case finished(TerminationStatus, Data)
        case cannotStart
        case outOfTime
        case tooLong
    }

    package init(config: FunctionConfig) {
        self.config = config
    }
}
