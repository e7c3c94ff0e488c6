import Foundation

/// Messages as JSON files in a directory (owner-only, like the files in it), one per message,
/// named so they sort by time: `20261123T101500Z-reset-<tokenId>.json`.
package struct DirectoryOutbox: Outbox {
    package let directory: URL

    package var description: String { directory.path }
    package var runsCommands: Bool { false }

    package func deliver(_ message: OutboxMessage, for caller: FunctionCaller) async throws {
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
            let stamp = formatter.string(from: message.createdAt).replacingOccurrences(of: ":", with: "")
            let file = directory.appendingPathComponent("\(stamp)-\(message.kind.rawValue)-\(message.tokenId).json")
            guard manager.createFile(atPath: file.path, contents: message.json, attributes: [.posixPermissions: 0o600]) else {
                throw OutboxFailure(description: "cannot write to the outbox \(directory.path)")
            }
        } catch let failure as OutboxFailure {
            throw failure
        } catch {
            throw OutboxFailure(description: "cannot write to the outbox \(directory.path)")
        }
    }

    package init(directory: URL) {
        self.directory = directory
    }
}
