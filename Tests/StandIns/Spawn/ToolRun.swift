import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to its end and gives what it wrote (through a file), as the
/// tests run tools: posix_spawn and waitpid on its own pid, never Foundation's Process, which
/// reaps and watches children in ways that clash with the server's own commands
/// (swift-subprocess) started at the same moment, and a pipe that a process the tool leaves
/// running keeps open can never end.
///
///     let (status, text) = try ToolRun.run(URL(fileURLWithPath: "/usr/bin/zbarimg"), ["--raw", path])
public enum ToolRun {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The exit status (0 for success; 128 + the signal when killed) and the output: stdout, and
    /// stderr too unless `errorsDiscarded`.
    public static func run(_ executable: URL, _ arguments: [String], errorsDiscarded: Bool = false) throws -> (status: Int32, output: String) {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("roster-tool-output-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if errorsDiscarded {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        // Nothing else of this process's: what the tool leaves running would keep a copy of
        // every descriptor open now (a test server's accepted connections among them).
        guard addCloseFrom(&actions, 3) == 0 else {
            throw Failure(description: "cannot close the descriptors of \(executable.path)'s process")
        }
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw Failure(description: "cannot run \(executable.path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
        return (code, text)
    }
}
