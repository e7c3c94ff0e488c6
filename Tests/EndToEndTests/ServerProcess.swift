import Foundation

/// A real `roster-server serve` (the demo app, or the app of a configuration file) on a loopback
/// port the kernel picks, for the length of a test.
final class ServerProcess {
    let process = Process()
    let baseURL: String

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    init(database: String, home: URL, config: URL? = nil) throws {
        process.executableURL = CommandRunner.binaries.appendingPathComponent("roster-server")
        process.arguments = ["serve", "--db", database] + (config.map { ["--config", $0.path] } ?? ["--demo"])
            + ["--host", "127.0.0.1", "--port", "0"]
        process.environment = ["HOME": home.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The server prints one line once it is listening: "roster-server listening on http://HOST:PORT".
        var line = Data()
        let reader = output.fileHandleForReading
        while true {
            let byte = reader.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "http://") else {
            process.terminate()
            throw StartFailure(description: "roster-server did not start: '\(text)'")
        }
        baseURL = String(text[range.lowerBound...]).trimmingCharacters(in: .whitespaces)
    }

    func stop() {
        if process.isRunning {
            process.interrupt()
            process.waitUntilExit()
        }
    }
}
