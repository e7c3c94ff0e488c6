import Foundation

/// A real `roster-server serve` (the demo app, or the app of a configuration file) on a loopback
/// port the kernel picks, for the length of a test. `options` go to `serve` as they are; with
/// `log`, the server's log lines (stderr) are appended to that file.
final class ServerProcess {
    let process: ChildProcess
    let baseURL: String

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    init(database: String, home: URL, config: URL? = nil, options: [String] = [], log: URL? = nil) throws {
        process = try ChildProcess(
            path: CommandRunner.binaries.appendingPathComponent("roster-server").path,
            ["serve", "--db", database] + (config.map { ["--config", $0.path] } ?? ["--demo"]) + ["--host", "127.0.0.1", "--port", "0"]
                + options,
            environment: ["HOME": home.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"], stdout: .pipe,
            stderr: log.map { .file($0.path) } ?? .null)
        // The server prints one line once it is listening: "roster-server listening on http://HOST:PORT".
        let text = process.readLines { !$0.isEmpty }.first ?? ""
        guard let range = text.range(of: "http://") else {
            process.signal(SIGTERM)
            process.wait()
            throw StartFailure(description: "roster-server did not start: '\(text)'")
        }
        baseURL = String(text[range.lowerBound...]).trimmingCharacters(in: .whitespaces)
    }

    func stop() {
        process.signal(SIGINT)
        process.wait()
    }
}
