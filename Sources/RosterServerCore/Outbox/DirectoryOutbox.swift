import Foundation
import RosterWire

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

    /// The newest message of `kind` to `address` (in any case) made at or after `since`, read
    /// back from the directory; nil when there is none. Only the newest `scanned` files of that
    /// kind are opened, and only regular files up to `largest` bytes, so a crowded or tampered
    /// folder costs little.
    package func newest(_ kind: OutboxMessage.Kind, to address: String, since: Date, scanned: Int = 100, largest: Int = 64 * 1024) -> OutboxMessage? {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        // Names begin with the time they were written, so the newest sort last.
        for name in names.filter({ $0.contains("-\(kind.rawValue)-") && $0.hasSuffix(".json") }).sorted().reversed().prefix(scanned) {
            let path = directory.appendingPathComponent(name).path
            guard let data = try? BoundedFile.read(path, atMost: largest), let message = try? decoder.decode(OutboxMessage.self, from: data)
            else { continue }
            guard message.createdAt >= since else { return nil }
            if message.kind == kind, message.to.lowercased() == address.lowercased() { return message }
        }
        return nil
    }
}
