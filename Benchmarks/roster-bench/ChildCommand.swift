import Foundation

/// Runs one of Roster's commands to its end, as a script would: `stdin` written and closed, the
/// output dropped, the error output kept for the failure's words.
///
///     try ChildCommand.run(roster, ["policy", "pin"], environment: ["ROSTER_HOME": home])
enum ChildCommand {
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil, stdin text: String = "") throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkFailure(
                "\(executable.lastPathComponent) \(arguments.prefix(2).joined(separator: " ")) exited \(process.terminationStatus): "
                    + String(decoding: said.prefix(300), as: UTF8.self))
        }
    }
}
